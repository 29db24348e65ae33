import UndraRuntime

/// How a live query is kept current after a commit.
public enum LiveQueryPath: Hashable, Sendable, CustomStringConvertible {
    /// Row by row: only the rows whose ids the commit changed are read again, and placed among the
    /// others by the query's ORDER BY. O(changed rows), whatever the result's size. For a
    /// `SELECT columns FROM table [WHERE condition] [ORDER BY column [COLLATE …] [ASC|DESC], …]` on a
    /// rowid table.
    case incremental(table: String)
    /// The whole query runs again after a commit that touches a table it reads, and the new result
    /// is diffed with the list by key. O(result). For any other query (joins, aggregates, DISTINCT,
    /// LIMIT, subqueries, views, ORDER BY expressions, WITHOUT ROWID tables), with the reason.
    case requery(reason: String)

    public var description: String {
        switch self {
        case .incremental(let table): "incremental on \(table)"
        case .requery(let reason): "re-query: \(reason)"
        }
    }
}

/// What a live query's SQL is, found once when it is added (and again after a schema change): its
/// path, the tables it reads, where its key is, and for the incremental path the SQL that reads
/// the whole result or one row with the columns that place it.
struct LiveQueryPlan {
    let path: LiveQueryPath
    /// The columns of the query's own result (the incremental path's SQL adds more after them).
    let visibleColumns: Int
    let keyIndex: Int
    /// The tables a commit must touch for the result to change.
    let readTables: Set<String>
    /// What to ask the writer's tracker to watch.
    let watched: [String: WatchedTable]
    let incremental: Incremental?

    struct Incremental {
        let table: String
        /// The query with the row id and the ORDER BY columns added after its own columns, ordered
        /// by its ORDER BY and then the row id.
        let wholeSQL: String
        /// The same for one row id (one more parameter, after the query's own).
        let rowSQL: String
        let order: SortOrder
    }

    /// Analyzes `sql` on the writer (whose authorizer reports what it reads).
    static func make(
        sql: String, argumentCount: Int, keyColumn: String, on writer: SQLiteConnection
    ) throws(DatabaseError) -> LiveQueryPlan {
        guard let statement = try writer.statement(sql) else {
            throw DatabaseError(extendedCode: .misuse, message: "a live query needs a SELECT", sql: sql)
        }
        guard statement.isReadOnly, statement.columnCount > 0 else {
            throw DatabaseError(extendedCode: .misuse, message: "a live query reads rows; this statement does not", sql: sql)
        }
        guard argumentCount == statement.parameterCount else {
            throw DatabaseError(
                extendedCode: .range, message: "\(argumentCount) arguments for \(statement.parameterCount) parameters", sql: sql)
        }
        guard let keyIndex = statement.columns.index(of: keyColumn) else {
            throw DatabaseError(extendedCode: .range, message: "the key column \(keyColumn) is not in the result", sql: sql)
        }
        let reads = statement.access.reads
        switch incremental(sql: sql, reads: reads, statement: statement, on: writer) {
        case .success(let (plan, schema)):
            return LiveQueryPlan(
                path: .incremental(table: plan.table), visibleColumns: statement.columnCount, keyIndex: keyIndex,
                readTables: [plan.table], watched: [plan.table: WatchedTable(rowidColumns: schema.rowidColumns)],
                incremental: plan)
        case .failure(let refusal):
            return LiveQueryPlan(
                path: .requery(reason: refusal.reason), visibleColumns: statement.columnCount, keyIndex: keyIndex,
                readTables: reads, watched: Dictionary(uniqueKeysWithValues: reads.map { ($0, WatchedTable(rowidColumns: [])) }),
                incremental: nil)
        }
    }

    /// The incremental path's plan, or why the query cannot take it.
    private static func incremental(
        sql: String, reads: Set<String>, statement: Statement, on writer: SQLiteConnection
    ) -> Result<(Incremental, TableSchema), SingleTableSelect.Refusal> {
        typealias Refusal = SingleTableSelect.Refusal
        let shape: SingleTableSelect
        switch SingleTableSelect.parse(sql) {
        case .success(let parsed): shape = parsed
        case .failure(let refusal): return .failure(refusal)
        }
        guard reads.count == 1, reads.first!.asciiLowercased == shape.table else {
            return .failure(Refusal("it reads \(reads.sorted().joined(separator: " and "))"))
        }
        guard let schema = try? TableSchema.load(shape.table, on: writer) else {
            return .failure(Refusal("\(shape.table) is not a table"))
        }
        if let why = schema.untrackable { return .failure(Refusal(why)) }
        if (try? hasAggregate(sql, on: writer)) != false { return .failure(Refusal("it has an aggregate function")) }
        guard let rowidName = schema.rowidName else { return .failure(Refusal("its columns hide \(schema.name)'s row id")) }

        var terms: [SortOrder.Term] = []
        for term in shape.orderTerms {
            let column = schema.columns.first { $0.name == term.column }
            if column == nil && !schema.rowidColumns.contains(term.column) {
                return .failure(Refusal("it orders by \(term.columnText), not a column of \(schema.name)"))
            }
            if term.qualifier == nil && shape.aliases.contains(term.column) {
                return .failure(Refusal("it orders by a result column's name (\(term.columnText))"))
            }
            let collationName = term.collation ?? column?.collation ?? "binary"
            guard let collation = SortOrder.Collation(rawValue: collationName) else {
                return .failure(Refusal("it orders by the collation \(collationName)"))
            }
            terms.append(SortOrder.Term(
                descending: term.descending, nullsFirst: term.nullsFirst ?? !term.descending, collation: collation))
        }
        let rowid = "\(shape.qualifier).\(rowidName)"
        let added = ", \(rowid)" + shape.orderTerms.map { ", \(shape.qualifier).\($0.columnText)" }.joined()
        let select = "SELECT \(shape.resultColumns)\(added) FROM \(shape.from)"
        let wholeSQL =
            select + (shape.condition.map { " WHERE \($0)" } ?? "") + " ORDER BY " + (shape.orderBy.map { "\($0), " } ?? "") + rowid
        let rowSQL =
            select + " WHERE " + (shape.condition.map { "(\($0)) AND " } ?? "") + "\(rowid) = ?\(statement.parameterCount + 1)"
        // Both must prepare, with the columns expected.
        let columns = statement.columnCount + 1 + terms.count
        guard let whole = try? writer.statement(wholeSQL), whole.columnCount == columns,
            whole.parameterCount == statement.parameterCount,
            let row = try? writer.statement(rowSQL), row.columnCount == columns,
            row.parameterCount == statement.parameterCount + 1
        else {
            return .failure(Refusal("its row-by-row form does not prepare"))
        }
        return .success((
            Incremental(table: schema.name, wholeSQL: wholeSQL, rowSQL: rowSQL, order: SortOrder(terms: terms)), schema
        ))
    }

    /// Whether the query aggregates rows (or uses a window function): its bytecode steps an
    /// aggregate (`AggStep`, `AggFinal`, …), which no list of function names could tell for sure.
    private static func hasAggregate(_ sql: String, on writer: SQLiteConnection) throws(DatabaseError) -> Bool {
        guard let explain = try writer.statement("EXPLAIN " + sql) else { return false }
        var found = false
        try writer.run(explain, Array(repeating: .null, count: explain.parameterCount)) { row throws(DatabaseError) in
            if case .text(let opcode) = try row.value(at: 1), opcode.hasPrefix("Agg") { found = true }
        }
        return found
    }
}
