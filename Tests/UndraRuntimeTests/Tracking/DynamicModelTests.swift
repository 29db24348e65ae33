import Dispatch
import Testing
import UndraRuntime

/// `DynamicModel`: properties created at run time, by name, each its own identity.
@Suite struct DynamicModelTests {
    @Test func anEmptyModelGetsPropertiesOfAnyTypeOnRequest() throws {
        let user = DynamicModel()
        #expect(user.propertyNames == [])
        let name = try user.property("name", "Ada")
        let tags = try user.property("tags", ["math"])
        #expect(name.get() == "Ada")
        name.set("Grace")
        tags.value.append("navy")
        #expect(name.value == "Grace")
        #expect(tags.value == ["math", "navy"])
        #expect(user.propertyNames == ["name", "tags"])
        #expect(name.name == "name")
    }

    @Test func aModelWithOneIntProperty() throws {
        let counter = DynamicModel(value: 41)
        let value = try counter.property("value", as: Int.self)
        value.value += 1
        #expect(value.get() == 42)
        #expect(counter.propertyNames == ["value"])
    }

    @Test func declaringAnExistingPropertyReturnsItAndKeepsItsValue() throws {
        let user = DynamicModel()
        _ = try user.property("name", "Ada")
        let again = try user.property("name", "ignored")
        #expect(again.value == "Ada")
    }

    @Test func aPropertyOfAnotherTypeOrMissingIsATypedError() throws {
        let user = DynamicModel()
        _ = try user.property("age", 36)
        #expect(throws: DynamicModelError.typeMismatch(property: "age", declared: "Int", requested: "String")) {
            try user.property("age", "thirty-six")
        }
        #expect(throws: DynamicModelError.noSuchProperty("email")) {
            try user.property("email", as: String.self)
        }
        #expect(DynamicModelError.noSuchProperty("email").description == "DynamicModel has no property \"email\"")
        #expect(try user.property("age", as: Int.self).value == 36)  // unchanged
    }

    @Test func eachNameIsItsOwnIdentityAndModelsAreIndependent() throws {
        let ada = DynamicModel(), grace = DynamicModel()
        let adaName = try ada.property("name", "Ada"), adaAge = try ada.property("age", 36)
        let graceName = try grace.property("name", "Grace")
        let fired = CallCounter()
        track(read: { _ = adaName.value }, onChange: { fired.bump() })
        graceName.value = "Hopper"  // same name, other model
        adaAge.value = 37  // same model, other name
        #expect(fired.count == 0)
        adaName.value = "Lovelace"
        #expect(fired.count == 1)
    }

    @Test func worksWithContinuousObservation() throws {
        let model = DynamicModel(value: 0), seen = ValueLog<Int>()
        let value = try model.property("value", as: Int.self)
        let token = observe { seen.append(value.value) }
        value.value = 1
        value.value = 2
        #expect(seen.all == [0, 1, 2])
        token.cancel()
    }

    @Test func concurrentWritersAndReadersAreSafe() throws {
        let model = DynamicModel()
        let counts = try (0..<4).map { try model.property("count\($0)", 0) }
        concurrently(4) { index in
            for _ in 0..<1000 {
                counts[index].value += 1
                _ = counts[(index + 1) % 4].value
            }
        }
        #expect(counts.map(\.value) == [1000, 1000, 1000, 1000])
    }
}
