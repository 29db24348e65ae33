#if !canImport(Combine)
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct CombineLatestTests {
        @Test func pairsTheLatestValuesOnceBothHaveOne() {
            let letters = PassthroughSubject<String, TestError>()
            let numbers = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(letters.combineLatest(numbers) { "\($0)\($1)" })
            letters.send("a")
            letters.send("b")
            numbers.send(1)
            numbers.send(2)
            letters.send("c")
            #expect(recorder.values == ["b1", "b2", "c2"])
        }

        @Test func finishesWhenBothFinish() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.combineLatest(b).map { $0 + $1 })
            a.send(1)
            b.send(10)
            a.send(completion: .finished)
            b.send(20)
            #expect(recorder.events == [.value(11), .value(21)])
            b.send(completion: .finished)
            #expect(recorder.events == [.value(11), .value(21), .finished])
        }

        @Test func failsAsSoonAsOneFailsAndUnsubscribesFromBoth() {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(a.combineLatest(b).map { $0 + $1 })
            a.send(1)
            b.send(completion: .failure(TestError(code: 3)))
            a.send(2)
            #expect(recorder.events == [.failure(TestError(code: 3))])
            let probe = Recorder(a)
            a.send(3)
            #expect(probe.values == [3])
        }

        @Test func combinesPublishedProperties() {
            final class Form {
                @Published var name = ""
                @Published var agreed = false
            }
            let form = Form()
            let recorder = Recorder(form.$name.combineLatest(form.$agreed) { !$0.isEmpty && $1 })
            form.name = "Ada"
            form.agreed = true
            #expect(recorder.values == [false, false, true])
        }

        @Test func pairsWithinDemandAndQueuesThePairsBeyondIt() {
            let a = CountingPublisher(limit: 2)
            let b = CountingPublisher(limit: 2)
            let recorder = Recorder(a.combineLatest(b) { "\($0)-\($1)" }, demand: .max(1))
            #expect(recorder.values == ["0-0"])
            // One more from each: a's makes "1-0" (delivered), b's makes "1-1" (queued), then both
            // finish: the finish waits behind the queued pair.
            recorder.request(.max(1))
            #expect(recorder.events == [.value("0-0"), .value("1-0")])
            recorder.request(.max(1))
            #expect(recorder.events == [.value("0-0"), .value("1-0"), .value("1-1"), .finished])
            #expect(a.requests == ["request max(1)", "request max(1)"])
            #expect(b.requests == ["request max(1)", "request max(1)"])
        }
    }
}
#endif
