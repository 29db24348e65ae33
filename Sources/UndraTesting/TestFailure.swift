#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where a test step was called (`#fileID`, `#filePath`, `#line`, `#column` of its caller): what
/// a failure the step finds points at.
struct SourcePlace: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt
}

/// Records a test core's failures where the test runner looks for them: as an issue of the Swift
/// Testing test running on this task (`Issue.record`), or else as an XCTest failure (`XCTFail`,
/// which XCTest gives to the test case running).
///
/// The library links both (they ship with every Swift toolchain that has either, on Apple
/// platforms and on Linux), and asks at run time which one is running: `Test.current` is set
/// only inside a Swift Testing test, for its task and the tasks it starts.
enum TestFailure {
    static func record(_ message: String, at place: SourcePlace) {
        #if canImport(Testing)
        if Test.current != nil {
            let location = SourceLocation(
                fileID: place.fileID, filePath: "\(place.filePath)", line: Int(place.line), column: Int(place.column))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: place.filePath, line: place.line)
        #else
        print("\(place.fileID):\(place.line): error: \(message)")
        #endif
    }
}
