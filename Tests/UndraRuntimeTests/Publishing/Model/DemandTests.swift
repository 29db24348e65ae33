#if !canImport(Combine)
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct DemandTests {
        typealias Demand = Subscribers.Demand

        @Test func sumsSaturateAtUnlimited() {
            #expect(Demand.max(3) + .max(4) == .max(7))
            #expect(Demand.max(3) + 4 == .max(7))
            #expect(Demand.unlimited + .max(1) == .unlimited)
            #expect(Demand.max(1) + .unlimited == .unlimited)
            #expect(Demand.max(Int.max) + 1 == .unlimited)
            #expect(Demand.max(Int.max) + .max(Int.max) == .unlimited)
            var demand = Demand.none
            demand += .max(2)
            demand += 3
            #expect(demand == .max(5))
        }

        @Test func differencesStopAtNoneAndUnlimitedStaysUnlimited() {
            #expect(Demand.max(5) - .max(3) == .max(2))
            #expect(Demand.max(5) - 3 == .max(2))
            #expect(Demand.max(3) - .max(5) == .none)
            #expect(Demand.max(3) - 5 == .none)
            #expect(Demand.max(5) - .unlimited == .none)
            #expect(Demand.unlimited - .max(5) == .unlimited)
            #expect(Demand.unlimited - .unlimited == .unlimited)
            #expect(Demand.max(3) - Int.min == .unlimited)
            var demand = Demand.max(4)
            demand -= 1
            demand -= .max(1)
            #expect(demand == .max(2))
        }

        @Test func productsSaturateAtUnlimitedAndStopAtNone() {
            #expect(Demand.max(3) * 4 == .max(12))
            #expect(Demand.max(3) * 0 == .none)
            #expect(Demand.max(3) * -2 == .none)
            #expect(Demand.max(Int.max / 2 + 1) * 2 == .unlimited)
            #expect(Demand.unlimited * 0 == .unlimited)
            var demand = Demand.max(2)
            demand *= 5
            #expect(demand == .max(10))
        }

        @Test func comparisonsPutUnlimitedAboveEveryNumber() {
            #expect(Demand.unlimited > .max(Int.max))
            #expect(Demand.max(1) < .max(2))
            #expect(Demand.none < .max(1))
            #expect(Demand.unlimited > Int.max)
            #expect(Demand.unlimited >= 0)
            #expect(!(Demand.unlimited < 5))
            #expect(!(Demand.unlimited <= 5))
            #expect(Demand.max(3) > 2)
            #expect(Demand.max(3) >= 3)
            #expect(Demand.max(3) < 4)
            #expect(Demand.max(3) <= 3)
            #expect(Demand.max(3) == 3)
            #expect(Demand.max(3) != 4)
            #expect(Demand.unlimited != 3)
            #expect(3 == Demand.max(3))
            #expect(3 != Demand.unlimited)
            #expect(2 < Demand.max(3))
            #expect(3 <= Demand.max(3))
            #expect(4 > Demand.max(3))
            #expect(3 >= Demand.max(3))
            #expect(Int.max < Demand.unlimited)
        }

        @Test func maxAndDescriptionNameTheNumber() {
            #expect(Demand.max(7).max == 7)
            #expect(Demand.none.max == 0)
            #expect(Demand.unlimited.max == nil)
            #expect(Demand.max(7).description == "max(7)")
            #expect(Demand.unlimited.description == "unlimited")
        }

        @Test func codesAsOneUnsignedNumber() throws {
            let encoded = try JSONEncoder().encode([Demand.max(7), .none, .unlimited])
            #expect(String(decoding: encoded, as: UTF8.self) == "[7,0,9223372036854775808]")
            #expect(try JSONDecoder().decode([Demand].self, from: encoded) == [.max(7), .none, .unlimited])
            // Anything past `Int.max` is unlimited.
            let beyond = Data("18446744073709551615".utf8)
            #expect(try JSONDecoder().decode(Demand.self, from: beyond) == .unlimited)
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Demand.self, from: Data("-1".utf8)) }
        }
    }
}
#endif
