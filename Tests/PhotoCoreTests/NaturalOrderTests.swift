import Testing
@testable import PhotoCore

@Suite struct NaturalOrderTests {
    @Test func photoTwoComesBeforePhotoTen() {
        let names = ["img10.jpg", "img2.jpg", "IMG1.jpg", "img02b.jpg", "beach.png"]
        #expect(NaturalOrder.sorted(names) == ["beach.png", "IMG1.jpg", "img2.jpg", "img02b.jpg", "img10.jpg"])
    }

    @Test func caseDoesNotSplitAFolder() {
        let order = NaturalOrder(["apple.jpg", "Banana.jpg"])
        #expect(order.less(0, 1))
        #expect(!order.less(1, 0))
    }

    @Test func equalNumbersWithMoreZerosComeLaterAndEqualNamesByCase() {
        #expect(NaturalOrder.sorted(["a00.jpg", "a0.jpg", "a.jpg", "A0.jpg", "a000"]) == ["a.jpg", "A0.jpg", "a0.jpg", "a00.jpg", "a000"])
    }

    @Test func mtimeFirstThenNaturalOrder() {
        let order = NaturalOrder(["b10", "b9", "a", "c"])
        #expect(order.sortedIndices(firstBy: [5, 5, 7, .min]) == [3, 1, 0, 2])
    }
}
