#if !canImport(Combine)
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct CompletionTests {
        typealias Completion = Subscribers.Completion<TestError>

        @Test func codesFinishedAndFailureAsSuccessAndError() throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let finished = try encoder.encode(Completion.finished)
            let failure = try encoder.encode(Completion.failure(TestError(code: 3)))
            #expect(String(decoding: finished, as: UTF8.self) == #"{"success":true}"#)
            #expect(String(decoding: failure, as: UTF8.self) == #"{"error":{"code":3},"success":false}"#)
            #expect(try JSONDecoder().decode(Completion.self, from: finished) == .finished)
            #expect(try JSONDecoder().decode(Completion.self, from: failure) == .failure(TestError(code: 3)))
        }

        @Test func aFailureWithoutItsErrorIsADecodingError() {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(Completion.self, from: Data(#"{"success":false}"#.utf8))
            }
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(Completion.self, from: Data(#"{"error":{"code":1}}"#.utf8))
            }
        }

        @Test func isHashableWhenItsFailureIs() {
            let set: Set<Completion> = [.finished, .failure(TestError(code: 1)), .finished, .failure(TestError(code: 2))]
            #expect(set.count == 3)
        }
    }
}

#endif
