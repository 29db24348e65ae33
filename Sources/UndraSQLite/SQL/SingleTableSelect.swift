import UndraRuntime

/// The clauses of a `SELECT columns FROM table [WHERE …] [ORDER BY column, …]`: the shape of query
/// a live query keeps current row by row. Anything else (a join, a subquery, DISTINCT, GROUP BY,
/// LIMIT, a compound, an ORDER BY expression…) is refused with the reason.
///
/// Found from the tokens alone; the caller checks the rest with SQLite (the tables the query
/// really reads, aggregates, the table's kind and columns).
struct SingleTableSelect: Equatable {
    /// The result columns, as written.
    let resultColumns: String
    /// The table's name (unquoted).
    let table: String
    /// The table and its alias, as written after FROM.
    let from: String
    /// How the query's own text names the table: its alias if it has one, else the table, as
    /// written (quotes kept).
    let qualifier: String
    /// The WHERE condition, as written.
    let condition: String?
    /// The ORDER BY clause's terms, as written, and each term parsed.
    let orderBy: String?
    let orderTerms: [OrderTerm]
    /// Result column names given by an alias (`AS name`, or a name after an expression), lowercased.
    let aliases: Set<String>

    struct OrderTerm: Equatable {
        /// The column's name, lowercased.
        let column: String
        /// The column as written (quotes kept), for SQL the adapter writes.
        let columnText: String
        /// The qualifier before the column (`t.` in `t.due`), lowercased.
        let qualifier: String?
        /// `COLLATE name`, lowercased.
        let collation: String?
        let descending: Bool
        /// `NULLS FIRST` (true) or `NULLS LAST` (false), if written.
        let nullsFirst: Bool?
    }

    /// The statement's clauses, or why it is not of this shape.
    static func parse(_ sql: String) -> Result<SingleTableSelect, Refusal> {
        let bytes = Array(sql.utf8)
        var tokens = SQLTokenizer.tokenize(sql)
        while tokens.last?.kind == .semicolon { tokens.removeLast() }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func span(_ slice: ArraySlice<SQLToken>) -> String {
            guard let first = slice.first, let last = slice.last else { return "" }
            return text(first.range.lowerBound..<last.range.upperBound)
        }

        guard tokens.first?.isKeyword("SELECT") == true else { return .failure(Refusal("it is not a plain SELECT")) }
        // Scan at every depth for what makes a result depend on more than one row at a time.
        var depth = 0
        for token in tokens {
            if token.kind == .leftParenthesis { depth += 1 }
            if token.kind == .rightParenthesis { depth -= 1 }
            if depth > 0 && token.isKeyword("SELECT") { return .failure(Refusal("it has a subquery")) }
            if token.isKeyword("OVER") || token.isKeyword("FILTER") { return .failure(Refusal("it has a window or aggregate function")) }
        }
        // The top-level clauses, by keyword.
        var clauses: [(keyword: String, start: Int)] = []
        depth = 0
        let clauseWords = [
            "FROM", "WHERE", "ORDER", "GROUP", "HAVING", "WINDOW", "LIMIT", "OFFSET", "UNION", "INTERSECT", "EXCEPT",
            "VALUES", "JOIN", "NATURAL", "CROSS", "INNER", "LEFT", "RIGHT", "FULL", "OUTER", "INDEXED", "RETURNING",
        ]
        for (index, token) in tokens.enumerated() {
            if token.kind == .leftParenthesis { depth += 1 } else if token.kind == .rightParenthesis { depth -= 1 }
            guard depth == 0, token.kind == .word else { continue }
            if let word = clauseWords.first(where: token.isKeyword) { clauses.append((word, index)) }
        }
        let refused = clauses.map(\.keyword).filter { !["FROM", "WHERE", "ORDER"].contains($0) }
        if let word = refused.first {
            let reason =
                switch word {
                case "GROUP", "HAVING", "WINDOW": "it groups rows (\(word))"
                case "LIMIT", "OFFSET": "it has a LIMIT"
                case "UNION", "INTERSECT", "EXCEPT": "it is a compound SELECT (\(word))"
                case "JOIN", "NATURAL", "CROSS", "INNER", "LEFT", "RIGHT", "FULL", "OUTER": "it joins tables"
                default: "it has \(word)"
                }
            return .failure(Refusal(reason))
        }
        guard let from = clauses.first(where: { $0.keyword == "FROM" })?.start else {
            return .failure(Refusal("it reads no table"))
        }
        let whereStart = clauses.first { $0.keyword == "WHERE" }?.start
        let orderStart = clauses.first { $0.keyword == "ORDER" }?.start
        if let whereStart, whereStart < from { return .failure(Refusal("it is not a plain SELECT")) }
        if let orderStart, orderStart < from || (whereStart.map { orderStart < $0 } ?? false) {
            return .failure(Refusal("it is not a plain SELECT"))
        }

        // SELECT [ALL] columns
        var columnsStart = 1
        if tokens.count > 1 && tokens[1].isKeyword("DISTINCT") { return .failure(Refusal("it is SELECT DISTINCT")) }
        if tokens.count > 1 && tokens[1].isKeyword("ALL") { columnsStart = 2 }
        guard columnsStart < from else { return .failure(Refusal("it is not a plain SELECT")) }
        let columnTokens = tokens[columnsStart..<from]

        // FROM [main.]table [[AS] alias]
        let fromEnd = whereStart ?? orderStart ?? tokens.count
        var fromTokens = Array(tokens[(from + 1)..<fromEnd])
        if fromTokens.contains(where: { $0.kind == .comma }) { return .failure(Refusal("it joins tables")) }
        if fromTokens.contains(where: { $0.kind == .leftParenthesis }) {
            return .failure(Refusal("it reads a table-valued function or a subquery"))
        }
        if fromTokens.count >= 3 && fromTokens[1].kind == .dot {
            guard fromTokens[0].identifier == "main" else { return .failure(Refusal("it reads an attached or temporary schema")) }
            fromTokens.removeFirst(2)
        }
        guard let tableToken = fromTokens.first, let table = tableToken.identifier else {
            return .failure(Refusal("it is not a plain SELECT"))
        }
        var qualifierToken = tableToken
        switch fromTokens.count {
        case 1: break
        case 2 where fromTokens[1].identifier != nil: qualifierToken = fromTokens[1]
        case 3 where fromTokens[1].isKeyword("AS") && fromTokens[2].identifier != nil: qualifierToken = fromTokens[2]
        default: return .failure(Refusal("it is not a plain SELECT"))
        }
        let qualifierName = qualifierToken.identifier!

        // ORDER BY term, …
        var orderTerms: [OrderTerm] = []
        var orderBy: String?
        if let orderStart {
            guard orderStart + 1 < tokens.count, tokens[orderStart + 1].isKeyword("BY") else {
                return .failure(Refusal("it is not a plain SELECT"))
            }
            let termTokens = tokens[(orderStart + 2)...]
            orderBy = span(termTokens)
            for termSlice in termTokens.split(whereSeparator: { $0.kind == .comma }) {
                guard let term = OrderTerm(Array(termSlice), source: text) else {
                    return .failure(Refusal("it orders by an expression (\(span(termSlice)))"))
                }
                if let qualifier = term.qualifier, qualifier != qualifierName && qualifier != table {
                    return .failure(Refusal("it orders by a column of another table (\(span(termSlice)))"))
                }
                orderTerms.append(term)
            }
        }

        // Aliases of result columns: an ORDER BY name may mean one of them, not the table's column.
        var aliases: Set<String> = []
        for column in columnTokens.split(whereSeparator: { $0.kind == .comma }) where column.count >= 2 {
            let last = column[column.index(before: column.endIndex)]
            let beforeLast = column[column.index(column.endIndex, offsetBy: -2)]
            if let alias = last.identifier, beforeLast.kind != .dot { aliases.insert(alias) }
        }

        return .success(SingleTableSelect(
            resultColumns: span(columnTokens), table: table,
            from: text(tableToken.range.lowerBound..<tokens[fromEnd - 1].range.upperBound),
            qualifier: text(qualifierToken.range), condition: whereStart.map { span(tokens[($0 + 1)..<(orderStart ?? tokens.count)]) },
            orderBy: orderBy, orderTerms: orderTerms, aliases: aliases))
    }

    /// Why a query is not of this shape, in words for `LiveQueryPath.requery`.
    struct Refusal: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

extension SingleTableSelect.OrderTerm {
    /// `[qualifier.]column [COLLATE name] [ASC | DESC] [NULLS FIRST | NULLS LAST]`, or nil.
    init?(_ tokens: [SQLToken], source: (Range<Int>) -> String) {
        var index = 0
        var qualifier: String?
        if tokens.count >= 3 && tokens[1].kind == .dot {
            guard let name = tokens[0].identifier else { return nil }
            qualifier = name
            index = 2
        }
        guard index < tokens.count, let column = tokens[index].identifier else { return nil }
        let columnText = source(tokens[index].range)
        index += 1
        var collation: String?
        if index + 1 < tokens.count && tokens[index].isKeyword("COLLATE") {
            guard let name = tokens[index + 1].identifier else { return nil }
            collation = name
            index += 2
        }
        var descending = false
        if index < tokens.count && (tokens[index].isKeyword("ASC") || tokens[index].isKeyword("DESC")) {
            descending = tokens[index].isKeyword("DESC")
            index += 1
        }
        var nullsFirst: Bool?
        if index + 1 < tokens.count && tokens[index].isKeyword("NULLS") {
            guard tokens[index + 1].isKeyword("FIRST") || tokens[index + 1].isKeyword("LAST") else { return nil }
            nullsFirst = tokens[index + 1].isKeyword("FIRST")
            index += 2
        }
        guard index == tokens.count else { return nil }
        self.init(
            column: column, columnText: columnText, qualifier: qualifier, collation: collation, descending: descending,
            nullsFirst: nullsFirst)
    }
}
