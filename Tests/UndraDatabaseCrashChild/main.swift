import Foundation
import UndraRuntime

// The child process of DatabaseCrashTests: opens the database at the path it is given, commits
// `committed` transactions of 100 rows each (printing "committed N" after each), then begins one
// more and writes into it until it is killed (printing "writing" once it is well under way).
//
//     UndraDatabaseCrashChild PATH COMMITTED

let arguments = CommandLine.arguments
guard arguments.count == 3, let committed = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: UndraDatabaseCrashChild PATH COMMITTED\n".utf8))
    exit(2)
}
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
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
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
