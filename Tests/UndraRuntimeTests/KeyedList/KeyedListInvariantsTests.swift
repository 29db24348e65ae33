import Testing
@testable import UndraRuntime

/// The invariant check that every mutation runs in debug builds (and that the randomized test
/// runs after every batch) must actually catch broken storage.
@Suite struct KeyedListInvariantsTests {
    #if DEBUG
    @Test func aHealthyListPassesTheCheck() throws {
        var list = try KeyedList(uniqueKeysWithRows: [(1, "a"), (2, "b"), (3, "c")])
        try list.removeRows(forKeys: [2])
        list._checkInvariants()
        #expect(list._freeSlots == [1])
    }

    @Test func debugBuildsCheckListsUpToTheLimitAfterEveryMutation() {
        typealias List = KeyedList<Int, String>
        #expect(List._debugChecks(size: List._debugCheckLimit))
        #if !UNDRA_CHECK_INVARIANTS
        #expect(!List._debugChecks(size: List._debugCheckLimit + 1))
        #endif
    }

    @Test func aSlotListedTwiceInTheOrderTraps() async {
        await #expect(processExitsWith: .failure) {
            var list = try KeyedList(uniqueKeysWithRows: [(1, "a"), (2, "b")])
            list._order[1] = list._order[0]
            list._checkInvariants()
        }
    }

    @Test func aKeyTableEntryPointingAtTheWrongSlotTraps() async {
        await #expect(processExitsWith: .failure) {
            var list = try KeyedList(uniqueKeysWithRows: [(1, "a"), (2, "b")])
            list._slotOfKey[1] = 1
            list._checkInvariants()
        }
    }
    #endif
}
