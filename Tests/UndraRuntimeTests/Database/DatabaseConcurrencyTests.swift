import Dispatch
import Foundation
import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// One writer and many readers at once, under WAL, on a real file.
@Suite struct DatabaseConcurrencyTests {
    /// The writer moves money between two accounts and logs each move, one transaction per move;
    /// readers on three threads check, all the while, that every read sees whole transactions only
    /// (the total never changes, the log matches its counter, nothing goes backwards).
    @Test func oneWriterAndReadersUnderWAL() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("""
            CREATE TABLE account(id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
            CREATE TABLE log(seq INTEGER PRIMARY KEY, amount INTEGER NOT NULL);
            CREATE TABLE counter(moves INTEGER NOT NULL);
            INSERT INTO account VALUES (1, 1000), (2, 1000);
            INSERT INTO counter VALUES (0);
            """)
        let moves = 300
        let writerDone = TestAtomic<Bool>(false)
        let reads = CallCounter()
        let problems = ValueLog<String>()
        let readerCount = 3
        concurrently(readerCount + 1) { thread in
            if thread == 0 {
                for move in 1...moves {
                    do {
                        try db.transaction {
                            let amount = Int64(move % 7 + 1)
                            try db.execute("UPDATE account SET balance = balance - ? WHERE id = 1", [.integer(amount)])
                            try db.execute("UPDATE account SET balance = balance + ? WHERE id = 2", [.integer(amount)])
                            try db.execute("INSERT INTO log(seq, amount) VALUES (?, ?)", [.integer(Int64(move)), .integer(amount)])
                            try db.execute("UPDATE counter SET moves = moves + 1")
                        }
                    } catch {
                        problems.append("writer: \(error)")
                    }
                }
                writerDone.store(true, ordering: .releasing)
                return
            }
            var lastMoves = -1
            while true {
                let finished = writerDone.load(ordering: .acquiring)
                do {
                    let row = try db.query("""
                        SELECT (SELECT sum(balance) FROM account), (SELECT count(*) FROM log),
                               (SELECT moves FROM counter), (SELECT coalesce(max(seq), 0) FROM log)
                        """)[0]
                    let total: Int = try row.decode(at: 0), logged: Int = try row.decode(at: 1)
                    let counted: Int = try row.decode(at: 2), lastSeq: Int = try row.decode(at: 3)
                    if total != 2000 { problems.append("total \(total)") }
                    if logged != counted || lastSeq != counted { problems.append("log \(logged), \(lastSeq) vs \(counted)") }
                    if counted < lastMoves { problems.append("went back from \(lastMoves) to \(counted)") }
                    lastMoves = counted
                    reads.bump()
                } catch {
                    problems.append("reader \(thread): \(error)")
                }
                if finished { break }
            }
            if lastMoves != moves { problems.append("reader \(thread) ended at \(lastMoves)") }
        }
        #expect(problems.all == [])
        #expect(reads.count >= readerCount)
        #expect(try db.column("SELECT count(*) FROM log", as: Int.self) == [moves])
        #expect(try db.column("SELECT balance FROM account ORDER BY id", as: Int.self)
            == [1000 - (1...moves).reduce(0) { $0 + $1 % 7 + 1 }, 1000 + (1...moves).reduce(0) { $0 + $1 % 7 + 1 }])
    }

    /// Writers on several threads take the writer in turn: no statement fails with "database is
    /// locked", no row is lost, and each transaction's rows stay together. With no busy timeout,
    /// any lock taken by SQLite rather than by the gate would fail a statement. Every read runs
    /// inside a transaction, on the writer: a reader connection beginning a read may take the WAL's
    /// write lock for a moment (SQLite does, to reread a WAL index header it saw half written), and
    /// would fail a writer that does not wait at all.
    @Test func writersOnManyThreadsTakeTurns() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database(configuration: .init(busyTimeoutMilliseconds: 0))
        try db.execute("CREATE TABLE row(id INTEGER PRIMARY KEY, thread INTEGER NOT NULL, batch INTEGER, part INTEGER)")
        let problems = ValueLog<String>()
        let threads = 4, rounds = 50
        concurrently(threads) { thread in
            for round in 0..<rounds {
                do {
                    if round % 2 == 0 {
                        try db.execute("INSERT INTO row(thread) VALUES (?)", [.integer(Int64(thread))])
                    } else {
                        try db.transaction {
                            for part in 0..<3 {
                                try db.execute(
                                    "INSERT INTO row(thread, batch, part) VALUES (?, ?, ?)",
                                    [.integer(Int64(thread)), .integer(Int64(round)), .integer(Int64(part))])
                            }
                            // The thread's own rows so far: one per even round and three per odd one.
                            let own = try db.column("SELECT count(*) FROM row WHERE thread = ?", [.integer(Int64(thread))], as: Int.self)
                            if own != [(round + 1) / 2 * 4] { problems.append("\(thread): \(own) rows after round \(round)") }
                        }
                    }
                } catch {
                    problems.append("\(thread): \(error)")
                }
            }
        }
        #expect(problems.all == [])
        #expect(try db.column("SELECT count(*) FROM row", as: Int.self) == [threads * (rounds / 2) * 4])
        // The three rows of each transaction have consecutive ids.
        let grouped = try db.query("SELECT thread, batch, id FROM row WHERE batch IS NOT NULL ORDER BY thread, batch, part")
        #expect(grouped.count == threads * (rounds / 2) * 3)
        for start in stride(from: 0, to: grouped.count, by: 3) {
            let ids = try grouped[start..<start + 3].map { try $0.decode(Int.self, at: 2) }
            #expect(ids[1] == ids[0] + 1 && ids[2] == ids[1] + 1)
        }
    }

    /// Closing while other threads query: each query either completes or fails with "not open",
    /// and the database closes once they are done.
    @Test func closingWhileReadersRun() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        let problems = ValueLog<String>()
        concurrently(4) { thread in
            if thread == 0 {
                usleep(2_000)
                do { try db.close() } catch { problems.append("close: \(error)") }
                return
            }
            for _ in 0..<200 {
                do {
                    let values = try db.column("SELECT x FROM t", as: Int.self)
                    if values != [1] { problems.append("read \(values)") }
                } catch let error as DatabaseError where error.extendedCode == .misuse {
                    break
                } catch {
                    problems.append("\(error)")
                }
            }
        }
        #expect(problems.all == [])
        #expect(db.path == nil)
    }
}
