import UndraRuntime

extension SQLiteDbAdapter {
    /// Runs `body` as one transaction (`BEGIN IMMEDIATE` … `COMMIT`), holding the writer for its
    /// whole run; everything `body` runs on this thread joins it. When `body` throws, or the
    /// commit fails, everything is rolled back and the error rethrown: the file is as it was.
    ///
    /// Nested calls are savepoints: an inner `transaction` whose body throws rolls back only its
    /// own work, and the outer one goes on (if it catches the error).
    ///
    ///     try db.transaction {
    ///         try db.execute("INSERT INTO task(title) VALUES ('a')")
    ///         try? db.transaction {                      // a savepoint
    ///             try db.execute("INSERT INTO task(title) VALUES ('b')")
    ///             throw CancellationError()              // rolls back 'b' only
    ///         }
    ///     }                                              // commits 'a'
    ///
    /// - Thread safety: any thread. Other writers wait until the outermost transaction ends;
    ///   readers on other threads see none of it until it commits.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try gate.withGate { gate throws -> T in
            guard let writer = gate.connection else { throw DatabaseError.closed() }
            let depth = gate.transactionDepth
            let savepoint = "undra_\(depth)"
            if depth == 0 {
                try writer.run("BEGIN IMMEDIATE")
            } else {
                guard !writer.isAutocommit else {
                    throw DatabaseError(
                        extendedCode: .abortRollback,
                        message: "the transaction is no longer open (SQLite rolled it back after an error, or a statement ended it)")
                }
                try writer.run("SAVEPOINT \(savepoint)")
            }
            gate.transactionDepth += 1
            let result: T
            do {
                result = try body()
            } catch {
                gate.transactionDepth -= 1
                rollBack(writer, depth: depth, savepoint: savepoint)
                throw error
            }
            gate.transactionDepth -= 1
            do {
                try writer.run(depth == 0 ? "COMMIT" : "RELEASE \(savepoint)")
            } catch {
                rollBack(writer, depth: depth, savepoint: savepoint)
                throw error
            }
            return result
        }
    }

    /// Undoes a transaction (depth 0) or a savepoint. A transaction SQLite already rolled back
    /// (after a full disk, say) has nothing left to undo.
    private func rollBack(_ writer: SQLiteConnection, depth: Int, savepoint: String) {
        guard !writer.isAutocommit else { return }
        if depth == 0 {
            try? writer.run("ROLLBACK")
        } else {
            try? writer.run("ROLLBACK TO \(savepoint)")
            try? writer.run("RELEASE \(savepoint)")
        }
    }
}
