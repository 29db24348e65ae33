import Foundation
import Testing
import UndraRuntime

/// A `Codable` class whose coding is synthesized over `@Tracked` properties.
final class CodedProfile: Trackable, Codable, @unchecked Sendable {  // @unchecked: one thread at a time.
    let registrar = Registrar()
    @Tracked var name = "Ada"
    @Tracked var tags: [String] = []
    @Tracked var nickname: String?

    enum CodingKeys: String, CodingKey { case name, tags, nickname }
}

@Suite struct TrackedCodingTests {
    @Test func aTrackedPropertyCodesAsItsValue() throws {
        let profile = CodedProfile()
        profile.name = "Grace"
        profile.tags = ["navy", "cobol"]
        let data = try JSONEncoder().encode(profile)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["name"] as? String == "Grace")
        #expect(object?["tags"] as? [String] == ["navy", "cobol"])
        #expect(object?.keys.sorted() == ["name", "tags"])

        let decoded = try JSONDecoder().decode(CodedProfile.self, from: Data(#"{"name":"Hopper","tags":["x"],"nickname":"amazing"}"#.utf8))
        #expect(decoded.name == "Hopper")
        #expect(decoded.tags == ["x"])
        #expect(decoded.nickname == "amazing")
    }

    @Test func aDecodedObjectIsTrackedLikeAnyOther() throws {
        let decoded = try JSONDecoder().decode(CodedProfile.self, from: Data(#"{"name":"Hopper","tags":[]}"#.utf8))
        #expect(decoded.nickname == nil)
        let fired = CallCounter()
        track(read: { _ = decoded.name }, onChange: { fired.bump() })
        decoded.name = "Lovelace"
        #expect(fired.count == 1)
    }

    @Test func badInputThrowsAndSaysWhere() {
        let error = #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(CodedProfile.self, from: Data(#"{"name":3,"tags":[]}"#.utf8))
        }
        guard case .typeMismatch(_, let context)? = error else { Issue.record("not a type mismatch"); return }
        #expect(context.codingPath.map(\.stringValue) == ["name"])
    }
}
