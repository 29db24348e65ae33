import UndraRuntime

/// One token of SQL text, by SQLite's rules: enough to find a statement's clauses and keywords
/// without being fooled by strings, quoted names or comments.
struct SQLToken: Equatable {
    enum Kind: Equatable {
        /// A keyword or a bare identifier (SQLite decides which by context; so do we).
        case word
        /// `"name"`, `[name]` or `` `name` ``.
        case quotedIdentifier
        /// `'text'`.
        case string
        /// `x'00ff'`.
        case blob
        case number
        /// `?`, `?3`, `:name`, `@name`, `$name`.
        case parameter
        case leftParenthesis, rightParenthesis, comma, semicolon, dot
        /// Any other operator (`=`, `<=`, `||`, ...).
        case symbol
    }

    let kind: Kind
    /// The token's bytes in the UTF-8 text.
    let range: Range<Int>
    /// The token's text; for a quoted identifier, the name without its quotes.
    let text: String

    /// Whether the token is the word `keyword` (ASCII case-insensitive; `keyword` in upper case).
    func isKeyword(_ keyword: String) -> Bool {
        kind == .word && text.utf8.count == keyword.utf8.count
            && zip(text.utf8, keyword.utf8).allSatisfy { ($0 >= 97 && $0 <= 122 ? $0 - 32 : $0) == $1 }
    }

    /// The name this token spells, if it is an identifier (bare or quoted), lowercased as SQLite
    /// compares names.
    var identifier: String? {
        kind == .word || kind == .quotedIdentifier ? text.asciiLowercased : nil
    }
}

/// Splits SQL into tokens, dropping spaces and comments.
///
/// - Complexity: O(n) in the text's length.
enum SQLTokenizer {
    static func tokenize(_ sql: String) -> [SQLToken] {
        let bytes = Array(sql.utf8)
        var tokens: [SQLToken] = []
        var i = 0
        let n = bytes.count

        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95
                || byte == 36 || byte >= 0x80
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        /// The end of a quoted run opened at `start` by `close` (a doubled `close` is one character).
        func quoted(from start: Int, close: UInt8, doubling: Bool) -> (end: Int, content: String) {
            var j = start + 1
            var content: [UInt8] = []
            while j < n {
                if bytes[j] == close {
                    if doubling && j + 1 < n && bytes[j + 1] == close {
                        content.append(close)
                        j += 2
                        continue
                    }
                    return (j + 1, String(decoding: content, as: UTF8.self))
                }
                content.append(bytes[j])
                j += 1
            }
            return (n, String(decoding: content, as: UTF8.self))
        }

        while i < n {
            let byte = bytes[i]
            let start = i
            switch byte {
            case 9...13, 32:
                i += 1
            case 45 where i + 1 < n && bytes[i + 1] == 45:  // -- comment
                while i < n && bytes[i] != 10 { i += 1 }
            case 47 where i + 1 < n && bytes[i + 1] == 42:  // /* comment */
                i += 2
                while i < n && !(bytes[i] == 42 && i + 1 < n && bytes[i + 1] == 47) { i += 1 }
                i = min(n, i + 2)
            case 39:  // 'string'
                let (end, content) = quoted(from: i, close: 39, doubling: true)
                tokens.append(SQLToken(kind: .string, range: start..<end, text: content))
                i = end
            case 34, 96:  // "identifier", `identifier`
                let (end, content) = quoted(from: i, close: byte, doubling: true)
                tokens.append(SQLToken(kind: .quotedIdentifier, range: start..<end, text: content))
                i = end
            case 91:  // [identifier]
                let (end, content) = quoted(from: i, close: 93, doubling: false)
                tokens.append(SQLToken(kind: .quotedIdentifier, range: start..<end, text: content))
                i = end
            case 88 where i + 1 < n && bytes[i + 1] == 39, 120 where i + 1 < n && bytes[i + 1] == 39:  // x'blob'
                let (end, content) = quoted(from: i + 1, close: 39, doubling: false)
                tokens.append(SQLToken(kind: .blob, range: start..<end, text: content))
                i = end
            case 46 where !(i + 1 < n && isDigit(bytes[i + 1])):
                tokens.append(SQLToken(kind: .dot, range: i..<i + 1, text: "."))
                i += 1
            case 46, 48...57:
                i += 1
                while i < n && (isIdentifierByte(bytes[i]) || bytes[i] == 46
                    || ((bytes[i] == 43 || bytes[i] == 45) && (bytes[i - 1] == 101 || bytes[i - 1] == 69)))
                {
                    i += 1
                }
                tokens.append(SQLToken(kind: .number, range: start..<i, text: text(start..<i)))
            case 63:  // ?NNN
                i += 1
                while i < n && isDigit(bytes[i]) { i += 1 }
                tokens.append(SQLToken(kind: .parameter, range: start..<i, text: text(start..<i)))
            case 58 where i + 1 < n && isIdentifierByte(bytes[i + 1]), 64 where i + 1 < n && isIdentifierByte(bytes[i + 1]),
                36 where i + 1 < n && isIdentifierByte(bytes[i + 1]):  // :name @name $name
                i += 1
                while i < n && isIdentifierByte(bytes[i]) { i += 1 }
                tokens.append(SQLToken(kind: .parameter, range: start..<i, text: text(start..<i)))
            case 40: tokens.append(SQLToken(kind: .leftParenthesis, range: i..<i + 1, text: "(")); i += 1
            case 41: tokens.append(SQLToken(kind: .rightParenthesis, range: i..<i + 1, text: ")")); i += 1
            case 44: tokens.append(SQLToken(kind: .comma, range: i..<i + 1, text: ",")); i += 1
            case 59: tokens.append(SQLToken(kind: .semicolon, range: i..<i + 1, text: ";")); i += 1
            default:
                if isIdentifierByte(byte) {
                    while i < n && isIdentifierByte(bytes[i]) { i += 1 }
                    tokens.append(SQLToken(kind: .word, range: start..<i, text: text(start..<i)))
                } else {
                    i += 1
                    tokens.append(SQLToken(kind: .symbol, range: start..<i, text: text(start..<i)))
                }
            }
        }
        return tokens
    }

    /// Whether `sql` contains the word `keyword` outside strings, quoted names and comments.
    static func containsKeyword(_ keyword: String, in sql: String) -> Bool {
        tokenize(sql).contains { $0.isKeyword(keyword) }
    }

    /// Whether `sql` is a `VACUUM` of the database itself (`VACUUM [schema]`, not `VACUUM … INTO`
    /// a file): it may give every row of a table without an INTEGER PRIMARY KEY a new row id.
    static func isVacuumInPlace(_ sql: String) -> Bool {
        let tokens = tokenize(sql)
        guard let first = tokens.first, first.isKeyword("VACUUM") else { return false }
        return !tokens.contains { $0.isKeyword("INTO") }
    }
}
