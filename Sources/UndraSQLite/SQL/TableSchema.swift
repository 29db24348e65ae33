import UndraRuntime

/// What the incremental path needs to know about a table: its columns with their declared
/// collations, how its row id is named, and whether the update hook reports every change to it.
struct TableSchema: Equatable {
    struct Column: Equatable {
        /// Lowercased.
        let name: String
        /// The declared collation (`COLLATE name`), lowercased; nil for the default, BINARY.
        let collation: String?
    }

    /// The table's name, as the schema spells it.
    let name: String
    let columns: [Column]
    /// Lowercased names that address the row id: an INTEGER PRIMARY KEY column, and `rowid`,
    /// `_rowid_` and `oid` unless a column takes the name.
    let rowidColumns: Set<String>
    /// How SQL the adapter writes names the row id (`rowid`, unless a column hides it), or nil if
    /// every built-in name is taken.
    let rowidName: String?
    /// Why the update hook may miss changes to this table (a WITHOUT ROWID or virtual table, an
    /// ON CONFLICT REPLACE constraint), or nil.
    let untrackable: String?

    /// Reads the table's definition from the `main` schema; nil if there is no such table.
    static func load(_ table: String, on connection: SQLiteConnection) throws(DatabaseError) -> TableSchema? {
        guard let definition = try connection.statement("SELECT name, type, sql FROM main.sqlite_master WHERE name = ? COLLATE NOCASE")
        else { return nil }
        let rows = try connection.rows(of: definition, [.text(table)])
        guard let row = rows.first, case .text(let name) = row[0], case .text(let type) = row[1] else { return nil }
        guard type == "table" else { return nil }
        let sql = (try? row.decode(String.self, at: 2)) ?? ""
        guard let info = try connection.statement("SELECT name, type, pk FROM pragma_table_xinfo(?)") else { return nil }
        let columns = try connection.rows(of: info, [.text(name)])
        let parsed = parseDefinition(sql)
        var names: [Column] = []
        var primaryKeys: [(name: String, type: String)] = []
        for column in columns {
            let columnName = try column.decode(String.self, at: 0).asciiLowercased
            names.append(Column(name: columnName, collation: parsed.collations[columnName]))
            if try column.decode(Int.self, at: 2) > 0 { primaryKeys.append((columnName, try column.decode(String.self, at: 1))) }
        }
        let taken = Set(names.map(\.name))
        var rowidColumns = Set(["rowid", "_rowid_", "oid"].filter { !taken.contains($0) })
        if primaryKeys.count == 1 && primaryKeys[0].type.asciiLowercased == "integer" && !parsed.withoutRowID {
            rowidColumns.insert(primaryKeys[0].name)
        }
        let untrackable: String? =
            sql.utf8.starts(with: "CREATE VIRTUAL".utf8) ? "\(name) is a virtual table"
            : parsed.withoutRowID ? "\(name) is a WITHOUT ROWID table"
            : parsed.mentionsReplace ? "\(name) has an ON CONFLICT REPLACE constraint" : nil
        return TableSchema(
            name: name, columns: names, rowidColumns: rowidColumns,
            rowidName: ["rowid", "_rowid_", "oid"].first { !taken.contains($0) }, untrackable: untrackable)
    }

    /// From a CREATE TABLE statement: each column's declared collation, WITHOUT ROWID, and
    /// whether REPLACE appears (an ON CONFLICT REPLACE clause).
    static func parseDefinition(_ sql: String) -> (collations: [String: String], withoutRowID: Bool, mentionsReplace: Bool) {
        let tokens = SQLTokenizer.tokenize(sql)
        var collations: [String: String] = [:]
        guard let open = tokens.firstIndex(where: { $0.kind == .leftParenthesis }) else {
            return ([:], false, tokens.contains { $0.isKeyword("REPLACE") })
        }
        var depth = 0, close = tokens.count
        var definition: [SQLToken] = []
        func finishDefinition() {
            defer { definition = [] }
            guard let first = definition.first, let column = first.identifier else { return }
            if ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"].contains(where: first.isKeyword) { return }
            var nested = 0
            for (index, token) in definition.enumerated() {
                if token.kind == .leftParenthesis { nested += 1 } else if token.kind == .rightParenthesis { nested -= 1 }
                if nested == 0 && token.isKeyword("COLLATE") && index + 1 < definition.count,
                    let collation = definition[index + 1].identifier
                {
                    collations[column] = collation
                }
            }
        }
        for index in open..<tokens.count {
            let token = tokens[index]
            if token.kind == .leftParenthesis {
                depth += 1
                if depth == 1 { continue }
            } else if token.kind == .rightParenthesis {
                depth -= 1
                if depth == 0 {
                    finishDefinition()
                    close = index
                    break
                }
            } else if token.kind == .comma && depth == 1 {
                finishDefinition()
                continue
            }
            definition.append(token)
        }
        let options = tokens[min(close + 1, tokens.count)...]
        let withoutRowID = zip(options, options.dropFirst()).contains { $0.isKeyword("WITHOUT") && $1.isKeyword("ROWID") }
        return (collations, withoutRowID, tokens.contains { $0.isKeyword("REPLACE") })
    }
}
