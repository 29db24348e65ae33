#if !canImport(Combine)
import Testing
@testable import UndraRuntime

private final class Profile: ObservableObject {
    @Published var name = "Ada"
    @Published var age = 36
    var notPublished = 0
}

private class Base: ObservableObject {
    @Published var inherited = 0
}

private final class Derived: Base {
    var plain = ""
    @Published var own = 0
}

private final class NothingPublished: ObservableObject {
    var plain = 0
}

private final class CustomWillChange: ObservableObject {
    let objectWillChange = PassthroughSubject<Void, Never>()
    @Published var value = 0
}

private final class CustomDefaultTypedWillChange: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    @Published var value = 0
}

extension PublishingTests {
    @Suite struct ObservableObjectTests {
        @Test func everyPublishedPropertySendsObjectWillChangeAndNothingElseDoes() {
            let profile = Profile()
            var count = 0
            let subscription = profile.objectWillChange.sink { count += 1 }
            profile.name = "Grace"
            profile.age = 85
            profile.age = 85
            profile.notPublished = 1
            #expect(count == 3)
            withExtendedLifetime(subscription) {}
        }

        @Test func objectWillChangeIsTheSameInstanceAtEveryRead() {
            let profile = Profile()
            #expect(profile.objectWillChange === profile.objectWillChange)
            #expect(profile.objectWillChange !== Profile().objectWillChange)
            let nothing = NothingPublished()
            #expect(nothing.objectWillChange === nothing.objectWillChange)
            #expect(nothing.objectWillChange !== NothingPublished().objectWillChange)
        }

        @Test func publishedPropertiesDeclaredInASuperclassSendIt() {
            let derived = Derived()
            var count = 0
            let subscription = derived.objectWillChange.sink { count += 1 }
            derived.inherited = 1
            derived.own = 1
            derived.plain = "x"
            #expect(count == 2)
            #expect(derived.objectWillChange === (derived as Base).objectWillChange)
            withExtendedLifetime(subscription) {}
        }

        @Test func aSuperclassObjectKeepsItsOwnLayout() {
            let base = Base()
            var count = 0
            let subscription = base.objectWillChange.sink { count += 1 }
            base.inherited = 1
            #expect(count == 1)
            withExtendedLifetime(subscription) {}
        }

        @Test func aClassThatDeclaresItsOwnObjectWillChangeIsNotWiredToItsPublishedProperties() {
            let custom = CustomWillChange()
            var count = 0
            let subscription = custom.objectWillChange.sink { count += 1 }
            custom.value = 1
            #expect(count == 0)
            custom.objectWillChange.send()
            #expect(count == 1)

            let typed = CustomDefaultTypedWillChange()
            var typedCount = 0
            let typedSubscription = typed.objectWillChange.sink { typedCount += 1 }
            typed.value = 1
            #expect(typedCount == 0)
            withExtendedLifetime((subscription, typedSubscription)) {}
        }

        @Test func objectWillChangeReadThroughTheProtocolOrKeptIsOneInstanceThatDiesWithItsObject() {
            func publisher<Object: ObservableObject>(of object: Object) -> Object.ObjectWillChangePublisher {
                object.objectWillChange
            }
            var profile: Profile? = Profile()
            var kept: [ObservableObjectPublisher] = []
            for _ in 0..<1_000 { kept.append(profile!.objectWillChange) }
            #expect(kept.allSatisfy { $0 === publisher(of: profile!) })
            weak let weakPublisher = kept[0]
            kept.removeAll()
            #expect(weakPublisher != nil)
            profile = nil
            #expect(weakPublisher == nil)
        }

        @Test func objectsWithoutPublishedPropertiesKeepTheirPublisherUntilTheyAreReleased() {
            var object: NothingPublished? = NothingPublished()
            weak let weakPublisher = object!.objectWillChange
            #expect(weakPublisher != nil)
            object = nil
            // An entry whose object is gone is swept out as the table grows: 300 objects kept
            // alive make it grow past its sweep point whatever other tests hold (one object
            // made and released at a time may only ever reuse one other address, which never
            // makes it grow: with tests running in parallel, that left the entry in place).
            let others = (0..<300).map { _ in NothingPublished() }
            for other in others { _ = other.objectWillChange }
            #expect(weakPublisher == nil)
            withExtendedLifetime(others) {}
        }

        @Test func anObjectAndItsPublishersAreReleasedTogether() {
            var profile: Profile? = Profile()
            weak let weakProfile = profile
            weak let weakPublisher = profile!.objectWillChange
            let subscription = profile!.$name.sink { _ in }
            profile = nil
            #expect(weakProfile == nil)
            #expect(weakPublisher == nil)
            withExtendedLifetime(subscription) {}
        }

        @Test func objectWillChangeCanBeHeldAndSentByCodeThatIsNotAPublishedProperty() {
            let publisher = ObservableObjectPublisher()
            let recorder = Recorder(publisher)
            publisher.send()
            publisher.send()
            #expect(recorder.events.count == 2)
        }

        @Test func aChangeMadeWhileObjectWillChangeIsBeingSentIsMadeInFullAfterTheOneUnderWay() {
            let profile = Profile()
            let journal = Journal()
            var reacted = false
            let first = profile.objectWillChange.sink {
                journal.record("will change: \(profile.name), \(profile.age)")
                if !reacted {
                    reacted = true
                    profile.age = 37  // waits until the name has been announced, delivered and stored
                }
            }
            let second = profile.objectWillChange.sink { journal.record("second") }
            let names = profile.$name.dropFirst().sink { journal.record("$name \($0)") }
            let ages = profile.$age.dropFirst().sink { journal.record("$age \($0), name is \(profile.name)") }
            profile.name = "Grace"
            #expect(profile.age == 37)
            #expect(journal.all == [
                "will change: Ada, 36", "second", "$name Grace",
                "will change: Grace, 36", "second", "$age 37, name is Grace",
            ])
            withExtendedLifetime((first, second, names, ages)) {}
        }

        /// As Combine (COMBINE-DIFFERENCES.md, 3): `objectWillChange` sends every signal whatever
        /// the demand, a subscriber that asked for none included; the demand it returns is ignored;
        /// a cancel, before or after the first signal, ends them.
        @Test func objectWillChangeSendsEverySignalWhateverTheDemand() {
            let profile = Profile()
            let limited = Recorder(profile.objectWillChange, demand: .max(2))
            let none = Recorder(profile.objectWillChange, demand: .none)
            profile.name = "Grace"
            profile.age = 85
            profile.age = 86
            #expect(limited.values.count == 3)
            #expect(none.values.count == 3)
            limited.request(.max(1))
            profile.age = 87
            #expect(limited.values.count == 4)
            none.cancel()
            profile.age = 88
            #expect(none.values.count == 4)
            #expect(limited.values.count == 5)

            // Cancelled from inside `receive(subscription:)`: never joins.
            let publisher = ObservableObjectPublisher()
            let sent = CallCounter()
            publisher.subscribe(AnySubscriber<Void, Never>(
                receiveSubscription: { $0.cancel() }, receiveValue: { sent.bump(); return .none }, receiveCompletion: { _ in }))
            publisher.send()
            #expect(sent.count == 0)
            #expect(!publisher.hasSubscribers)
        }

        /// Subscribers joining and cancelling on four threads while another sends: each live one
        /// hears every signal sent after it joined and before it cancelled, and none is left.
        @Test func subscribersJoinAndCancelWhileSignalsAreSent() {
            for _ in 0..<50 {
                let publisher = ObservableObjectPublisher()
                concurrently(4) { thread in
                    if thread == 0 {
                        for _ in 0..<200 { publisher.send() }
                    } else {
                        for _ in 0..<50 {
                            let recorder = Recorder(publisher, demand: .max(1))
                            recorder.cancel()
                        }
                    }
                }
                #expect(!publisher.hasSubscribers)
            }
        }
    }
}
#endif
