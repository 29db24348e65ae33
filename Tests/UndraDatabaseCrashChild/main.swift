import Foundation
import UndraRuntime
import UndraSQLite

// The child process of the database tests, in one of two modes:
//
//     UndraDatabaseCrashChild PATH COMMITTED
//     UndraDatabaseCrashChild --execute PATH SQL
//
// The first (DatabaseCrashTests) opens the database at PATH, commits COMMITTED transactions of
// 100 rows each (printing "committed N" after each), then begins one more and writes into it until
// it is killed (printing "writing" once it is well under way). The second (the live query tests'
// writer from another process) runs SQL, one or more statements, as one transaction, prints
// "done" and exits.

let arguments = CommandLine.arguments
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}
if arguments.count == 4 && arguments[1] == "--execute" {
    do {
        let db = try SQLiteDbAdapter(path: arguments[2])
        try db.transaction { try db.execute(arguments[3]) }
        try db.close()
        say("done")
        exit(0)
    } catch {
        fail("\(error)", status: 1)
    }
}
guard arguments.count == 3, let committed = Int(arguments[2]) else {
    fail("usage: UndraDatabaseCrashChild PATH COMMITTED | --execute PATH SQL", status: 2)
}
do {
    let db = try SQLiteDbAdapter(path: arguments[1])
    for batch in 1...max(committed, 1) where committed > 0 {
        try db.transaction {
            for row in 0..<100 {
                try db.execute("INSERT INTO item(batch, payload) VALUES (?, randomblob(200))", [.integer(Int64(batch * 1000 + row))])
            }
        }
        say("committed \(batch)")
    }
    try db.transaction {
        var row: Int64 = 0
        while true {
            // Big rows: the transaction outgrows the page cache and spills into the WAL file,
            // so the kill lands with uncommitted pages on disk.
            try db.execute("INSERT INTO item(batch, payload) VALUES (?, randomblob(4000))", [.integer(-1)])
            try db.execute("UPDATE item SET payload = randomblob(300) WHERE batch = ?", [.integer(1000 + row % 100)])
            row += 1
            if row == 2_000 { say("writing") }
        }
    }
} catch {
    fail("\(error)", status: 1)
}
