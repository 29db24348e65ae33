import UndraRuntime

/// The model most tracking tests observe.
/// @unchecked Sendable: tests that share one across threads write different properties from
/// different threads, or synchronize themselves.
final class Person: Trackable, @unchecked Sendable {
    let registrar = Registrar()
    @Tracked var name = "Ada"
    @Tracked var age = 36
    @Tracked var friend: Person?
    @Tracked var isAdult = true

    /// Computed: tracked through `name`.
    var greeting: String { "Hello, \(name)" }

    init(name: String = "Ada") { self.name = name }
}

/// A hand-written observable class, the way generated code writes one, with both forms.
final class Counters: Trackable, @unchecked Sendable {
    let registrar = Registrar()
    static let fastID = PropertyID(\Counters.fast)
    private var _slow = 0
    private var _fast = 0

    var slow: Int {
        get {
            registrar.access(self, keyPath: \.slow)
            return _slow
        }
        set { registrar.withMutation(of: self, keyPath: \.slow) { _slow = newValue } }
    }

    var fast: Int {
        get {
            registrar.access(self, property: Self.fastID)
            return _fast
        }
        set { registrar.withMutation(of: self, property: Self.fastID) { _fast = newValue } }
    }

    /// Reads the stored value without reporting the read.
    var slowUntracked: Int { _slow }

    /// A mutation that throws after changing nothing.
    func failSlowMutation() throws {
        struct Failure: Error {}
        try registrar.withMutation(of: self, keyPath: \.slow) { throw Failure() }
    }
}
