#if canImport(Combine)
import Combine
#endif

/// A class built on a `StoreRuntime`: what `@Mirrored` properties read through.
///
/// One declaration serves both modes. Conforming to `Trackable` (the fine-grained mode:
/// `track`, `observe`, SwiftUI on iOS 17+ through Observation) or to `ObservableObject` (the
/// coarse mode: `objectWillChange`, `$field`, SwiftUI on iOS 15/16), or to both, needs no
/// member: `registrar` and `objectWillChange` are the runtime's, given by the extensions below.
///
///     final class Todos: UndraStore, Trackable, ObservableObject, @unchecked Sendable {
///         let runtime = StoreRuntime(name: "Todos", schemaHash: TodosSchema.hash, fields: TodosSchema.fields)
///         @Mirrored(TodosSchema.visible) var visible
///     }
///
///     @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
///     extension Todos: Observable {}      // SwiftUI's @State and plain properties, iOS 17+
///
/// The two modes announce the same commit of the same mirror: `objectWillChange` first (once
/// per drain, before any change), then each read property's `willSet` (a one-shot `track`, and
/// Observation when bridged), the commit, its `didSet` (continuous observers), and last the
/// `$field` publishers. A class that declares `registrar` or `objectWillChange` itself keeps its
/// own (it must still be the runtime's, or the mirror's changes go unannounced).
public protocol UndraStore: AnyObject {
    /// The store's mirror and announcements. Must be the same object at every read.
    var runtime: StoreRuntime { get }
}

extension Trackable where Self: UndraStore {
    /// The store's registrar: its runtime's, which the mirror announces every change to. O(1);
    /// safe from any thread.
    public var registrar: Registrar { runtime.registrar }
}

extension ObservableObject where Self: UndraStore, ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The store's `objectWillChange`: its runtime's, sent once per drain, before the drain's
    /// first change. More specific than Combine's default (which finds `@Published` properties,
    /// and a store has none), so a store's class gets this one. O(1); safe from any thread.
    public var objectWillChange: ObservableObjectPublisher { runtime.objectWillChange }
}
