extension KeyedList: CustomStringConvertible, CustomDebugStringConvertible {
    /// The rows with their keys, in order, written like a dictionary literal: `[1: "a", 2: "b"]`.
    /// Complexity: O(*n*).
    public var description: String {
        guard !isEmpty else { return "[:]" }
        var text = "["
        for (i, entry) in entries.enumerated() {
            if i > 0 { text += ", " }
            debugPrint(entry.key, terminator: ": ", to: &text)
            debugPrint(entry.row, terminator: "", to: &text)
        }
        return text + "]"
    }

    /// The description with the type: `KeyedList<Int, String>([1: "a"])`. Complexity: O(*n*).
    public var debugDescription: String {
        "\(KeyedList.self)(\(description))"
    }
}
