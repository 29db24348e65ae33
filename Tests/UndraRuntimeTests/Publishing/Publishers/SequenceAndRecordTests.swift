#if !canImport(Combine)
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct SequenceAndRecordTests {
        @Test func aSequencesElementsComeAsAskedThenFinishedRightAfterTheLast() {
            let recorder = Recorder([1, 2, 3].publisher, demand: .max(2))
            #expect(recorder.events == [.value(1), .value(2)])
            recorder.request(.max(1))
            #expect(recorder.events == [.value(1), .value(2), .value(3), .finished])
            recorder.request(.max(1))
            #expect(recorder.events.count == 4)
        }

        @Test func anEmptySequenceFinishesAtOnceWithoutDemand() {
            let recorder = Recorder([Int]().publisher, demand: .none)
            #expect(recorder.events == [.finished])
        }

        @Test func demandReturnedFromAValueKeepsTheSequenceGoing() {
            let recorder = Recorder((1...100).publisher, demand: .max(1)) { $0 < 5 ? .max(1) : .none }
            #expect(recorder.values == [1, 2, 3, 4, 5])
        }

        @Test func aRequestFromInsideAValueIsNotNested() {
            var recorder: Recorder<Int, Never>!
            var depth = 0
            var deepest = 0
            recorder = Recorder(demand: .max(1)) { _ in
                depth += 1
                deepest = max(deepest, depth)
                recorder.request(.max(1))
                depth -= 1
                return .none
            }
            (1...50).publisher.subscribe(recorder)
            #expect(recorder.values == Array(1...50))
            #expect(deepest == 1)
        }

        @Test func cancellingMidStreamStopsTheSequence() {
            var recorder: Recorder<Int, Never>!
            recorder = Recorder(demand: .unlimited) { value in
                if value == 3 { recorder.cancel() }
                return .none
            }
            (1...10).publisher.subscribe(recorder)
            #expect(recorder.events == [.value(1), .value(2), .value(3)])
        }

        @Test func requestsFromManyThreadsLetOutExactlyTheElementsAskedFor() {
            for _ in 0..<50 {
                let recorder = Recorder((0..<10_000).publisher, demand: .none)
                concurrently(4) { _ in
                    for _ in 0..<100 { recorder.request(.max(2)) }
                }
                #expect(recorder.values == Array(0..<800))
            }
        }

        @Test func aRecordReplaysItsRecordingToEachSubscriber() {
            let record = Record<Int, TestError> { recording in
                recording.receive(1)
                recording.receive(2)
                recording.receive(completion: .failure(TestError(code: 2)))
            }
            #expect(Recorder(record).events == [.value(1), .value(2), .failure(TestError(code: 2))])
            let limited = Recorder(record, demand: .max(1))
            #expect(limited.events == [.value(1)])
            limited.request(.max(1))
            #expect(limited.events == [.value(1), .value(2), .failure(TestError(code: 2))])
            #expect(Recorder(Record<Int, TestError>(output: [], completion: .finished), demand: .none).events == [.finished])
        }

        @Test func aRecordCodesItsRecording() throws {
            let record = Record<Int, TestError>(output: [4, 5], completion: .failure(TestError(code: 9)))
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let data = try encoder.encode(record)
            #expect(String(decoding: data, as: UTF8.self)
                == #"{"completion":{"error":{"code":9},"success":false},"output":[4,5]}"#)
            let decoded = try JSONDecoder().decode(Record<Int, TestError>.self, from: data)
            #expect(decoded.recording.output == [4, 5])
            #expect(decoded.recording.completion == .failure(TestError(code: 9)))
        }
    }
}
#endif
