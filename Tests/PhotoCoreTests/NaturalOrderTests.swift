import Testing
@testable import PhotoCore

@Suite struct NaturalOrderTests {
    @Test func photoTwoComesBeforePhotoTen() {
        let names = ["img10.jpg", "img2.jpg", "IMG1.jpg", "img02b.jpg", "beach.png"]
        #expect(names.sorted(by: NaturalOrder.less) == ["beach.png", "IMG1.jpg", "img2.jpg", "img02b.jpg", "img10.jpg"])
    }

    @Test func caseDoesNotSplitAFolder() {
        #expect(NaturalOrder.less("apple.jpg", "Banana.jpg"))
        #expect(!NaturalOrder.less("Banana.jpg", "apple.jpg"))
    }
}
