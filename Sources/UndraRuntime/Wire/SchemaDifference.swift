/// The first place two schema descriptions differ, worded as undra-core words it (docs/WIRE.md,
/// "When the schemas differ"), so that the host and the core name the same field or variant.
extension SchemaMismatch {
    /// The first difference between the host's description and the core's, or nil if they are
    /// equal: `field 2 (count): the host has scalar i64, the core has scalar string`, or
    /// `command variant 1 (toggle): the host has i64, the core has string`.
    ///
    /// - Complexity: O(n) in the descriptions' length.
    public static func firstDifference(host: String, core: String) -> String? {
        let host = host.split(separator: "\n", omittingEmptySubsequences: false)
        let core = core.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(host.count, core.count) {
            let h = index < host.count ? DescriptionLine(host[index]) : nil
            let c = index < core.count ? DescriptionLine(core[index]) : nil
            if h?.text == c?.text { continue }
            switch (h, c) {
            case (let h?, let c?): return lines(index, host: h, core: c)
            case (let h?, nil): return h.alone(index, onHost: true)
            case (nil, let c?): return c.alone(index, onHost: false)
            case (nil, nil): return nil
            }
        }
        return nil
    }

    private static func lines(_ index: Int, host: DescriptionLine, core: DescriptionLine) -> String {
        switch (host.field, core.field) {
        case (let h?, let c?):
            if h.id != c.id {
                // One side lacks a field: the smaller id is the one the other has not.
                return (UInt64(h.id) ?? .max) < (UInt64(c.id) ?? .max)
                    ? host.alone(index, onHost: true) : core.alone(index, onHost: false)
            }
            return h.name == c.name
                ? "field \(h.id) (\(h.name)): the host has \(h.rest), the core has \(c.rest)"
                : "field \(h.id): the host has \(h.name) \(h.rest), the core has \(c.name) \(c.rest)"
        case (.some, nil): return host.alone(index, onHost: true)
        case (nil, .some): return core.alone(index, onHost: false)
        case (nil, nil) where host.word == core.word:
            if host.word == "command" || host.word == "outcome", let h = variants(host.rest), let c = variants(core.rest) {
                return enums(host.word, host: h, core: c)
            }
            return "\(host.word): the host has \(host.rest), the core has \(core.rest)"
        case (nil, nil):
            return "line \(index + 1): the host has \(host.text), the core has \(core.text)"
        }
    }

    /// The first variant two enums' shapes differ in.
    private static func enums(_ word: Substring, host: [(name: Substring, payload: Substring)], core: [(name: Substring, payload: Substring)]) -> String {
        for index in 0..<max(host.count, core.count) {
            let h = index < host.count ? host[index] : nil
            let c = index < core.count ? core[index] : nil
            switch (h, c) {
            case (let h?, let c?) where h.name == c.name && h.payload == c.payload: continue
            case (let h?, let c?) where h.name == c.name:
                return "\(word) variant \(index) (\(h.name)): the host has \(h.payload), the core has \(c.payload)"
            case (let h?, let c?):
                return "\(word) variant \(index): the host has \(h.name):\(h.payload), the core has \(c.name):\(c.payload)"
            case (let h?, nil):
                return "\(word) variant \(index) (\(h.name)): the host has \(h.payload), the core has no variant \(index)"
            case (nil, let c?):
                return "\(word) variant \(index) (\(c.name)): the host has no variant \(index), the core has \(c.payload)"
            case (nil, nil): break
            }
        }
        return "\(word): the same variants"
    }

    /// The variants of an enum's shape text (`enum{a:x|b:y}`), split at the `|`s outside
    /// brackets; nil if the text is not an enum.
    private static func variants(_ shape: Substring) -> [(name: Substring, payload: Substring)]? {
        guard shape.hasPrefix("enum{"), shape.hasSuffix("}") else { return nil }
        let body = shape.dropFirst(5).dropLast()
        if body.isEmpty { return [] }
        var parts: [Substring] = []
        var depth = 0
        var start = body.startIndex
        for index in body.indices {
            switch body[index] {
            case "{", "(", "<": depth += 1
            case "}", ")", ">": depth -= 1
            case "|" where depth == 0:
                parts.append(body[start..<index])
                start = body.index(after: index)
            default: break
            }
        }
        parts.append(body[start...])
        return parts.map { part in
            guard let colon = part.firstIndex(of: ":") else { return (part, "") }
            return (part[..<colon], part[part.index(after: colon)...])
        }
    }
}

/// One line of a description: its first word, the rest, and for a field line its id, name and
/// what follows them.
private struct DescriptionLine {
    let text: Substring
    let word: Substring
    let rest: Substring
    let field: (id: Substring, name: Substring, rest: Substring)?

    init(_ text: Substring) {
        self.text = text
        if let space = text.firstIndex(of: " ") {
            word = text[..<space]
            rest = text[text.index(after: space)...]
        } else {
            word = text
            rest = ""
        }
        if word == "field" {
            let parts = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            field = (parts.count > 0 ? parts[0] : "", parts.count > 1 ? parts[1] : "", parts.count > 2 ? parts[2] : "")
        } else {
            field = nil
        }
    }

    /// One side (the host's if `onHost`) has the line, the other nothing in its place.
    func alone(_ index: Int, onHost: Bool) -> String {
        let (place, has, none): (String, Substring, String) = if let field {
            ("field \(field.id) (\(field.name))", field.rest, "no field \(field.id)")
        } else if word == "command" || word == "outcome" {
            (String(word), rest, "none")
        } else {
            ("line \(index + 1)", text, "nothing")
        }
        return onHost ? "\(place): the host has \(has), the core has \(none)" : "\(place): the host has \(none), the core has \(has)"
    }
}
