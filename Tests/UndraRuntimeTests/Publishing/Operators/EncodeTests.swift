#if !canImport(Combine)
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct EncodeTests {
        struct Todo: Codable, Equatable {
            var title: String
            var done: Bool
        }

        @Test func encodesAndDecodesWithTheJSONCoders() throws {
            let todos = PassthroughSubject<Todo, Never>()
            let recorder = Recorder(todos.encode(encoder: JSONEncoder()).decode(type: Todo.self, decoder: JSONDecoder()))
            todos.send(Todo(title: "milk", done: false))
            todos.send(Todo(title: "eggs", done: true))
            todos.send(completion: .finished)
            #expect(recorder.values == [Todo(title: "milk", done: false), Todo(title: "eggs", done: true)])
            #expect(recorder.events.count == 3)
            guard case .finished? = recorder.events.last else { Issue.record("no finish"); return }
        }

        @Test func encodesToTheEncodersOutput() {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let recorder = Recorder(Just(Todo(title: "a", done: true)).encode(encoder: encoder).map { String(decoding: $0, as: UTF8.self) })
            #expect(recorder.values == [#"{"done":true,"title":"a"}"#])
        }

        @Test func aDecodingErrorCancelsTheUpstreamAndFailsWithIt() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.map { Data("\($0 == 1 ? "x" : "\($0)")".utf8) }.decode(type: Int.self, decoder: JSONDecoder()))
            #expect(recorder.values == [0])
            #expect(recorder.events.count == 2)
            guard case .failure(let error)? = recorder.events.last else { Issue.record("no failure"); return }
            #expect(error is DecodingError)
            #expect(upstream.requests == ["request unlimited", "cancel"])
        }

        @Test func theUpstreamsFailureBecomesAnyError() {
            let subject = PassthroughSubject<Todo, TestError>()
            let recorder = Recorder(subject.encode(encoder: JSONEncoder()))
            subject.send(completion: .failure(TestError(code: 3)))
            guard case .failure(let error)? = recorder.events.last else { Issue.record("no failure"); return }
            #expect(error as? TestError == TestError(code: 3))
        }

        @Test func passesDemandThroughAndCancels() {
            let upstream = CountingPublisher(limit: 10)
            let recorder = Recorder(upstream.encode(encoder: JSONEncoder()).decode(type: Int.self, decoder: JSONDecoder()), demand: .max(2))
            #expect(recorder.values == [0, 1])
            recorder.request(.max(1))
            #expect(recorder.values == [0, 1, 2])
            recorder.cancel()
            #expect(upstream.requests == ["request max(2)", "request max(1)", "cancel"])
        }

        @Test func propertyListCodersConformToo() {
            let recorder = Recorder(Just(["a": 1]).encode(encoder: PropertyListEncoder()).decode(type: [String: Int].self, decoder: PropertyListDecoder()))
            #expect(recorder.values == [["a": 1]])
        }
    }
}
#endif
