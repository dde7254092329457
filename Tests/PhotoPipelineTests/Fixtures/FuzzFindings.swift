import Foundation

/// Inputs found by the fuzz targets (Fuzz/) too long to spell out in their tests, as found.
enum FuzzFindings {
    /// Fuzz/FuzzDecode: a 3x2 GIF whose first frame has an LZW code size of 96, which SDL2_image
    /// gives up on, and whose next frame (at byte 222) is 51200x12900.
    static let gifWithAGiantFrameAfterAFailedOne = bytes("R0lGODdhAwACAIEAAD9kMwAAAAAAAAgAAAAAAAAAAAADyQAAAQEDAAEAZVhJZgAAAQAAAAYBSUkqAEdJRjgsAAAAAAAAADdhYAACAIEAAMhkMgAAISEhISEhISEhISEhISEhISEhISEhISEhISEhISEhISEhAAAAAggCAAAAAAAAADdhYAACAIEAAMhkMgAAISEhISEhISEhISEhISEhISEhISEhISEhISEhISEhISEhAAAACgAAAwABAAAAAgAAABEBBABHSUY4OGEDAAIAgQAAyGQyAAAAAAAAAAAALAIAgQAAyGQyAAAhISEhISEhISEhISEhISEhISEhISEhISEhISEhISEhISEAAAACCAIAAAAAAAAAN2FgAAIAgQAAyGQyAAAhISEhISEhISEhISEhISEhISEhISEhISEhISEhISEhISEAAAACCAIAGBAAOwAAABIW8U0AAAAVSURBVHicYzwAZDIsAAAAAAMACgAACAYAAQgcGJFixMDAwMDAwMQAAwAZbgFiHqSheQAAAABJRU5ErkJgISEhISEhISEhISEhISFHDQoaCgAAEhbxTQAAABVJREEQADtUeJxjPJFixMDAwMDAwMQAAwAZbgFiHqSheQAAAABJRU5ErkJgISEhISEhISEhISEhN2FgAA==")
    /// Fuzz/FuzzDecode: a 3x0 GIF whose first frames have no pixels, and whose frame at byte 189,
    /// inside the data of one of them, is 33024x14848.
    static let gifWithAGiantFrameAfterEmptyOnes = bytes("R0lGODdhAwAAAAAAAAAhAAAsADdhAwAAAAAAAAAhAAAsAAAAAHRHSUY4N2EDAAIAgQA6AANkMgAAAAAAAAAAACwAAAAyMjIyMjIyMv/AABEIAAIAAgMBIjIyMjIyMjIyMjIyMjcAAAB0R0lGODdhAwACAIEAOgADZDIAAAAAAAAAAAAsAAAAMjIyMjIyMjL/wAARCAACAAIDASIyMjIyMjIyMjIyMjI3YQMAAgCBADoAAwBkACoAAAAAAAAALAADAAIAgQA6AANkMgAlHBgOADtF")
    /// Fuzz/FuzzDecode: a GIF whose frame (1x329 at byte 250, LZW code size 0) has codes that name
    /// each other, which SDL2_image 2.6.3 followed past the end of its stack into the heap.
    static let gifWhoseCodesLoop = bytes("R0lGODdhAwACAAEAAAAGAUlJKgAKAAADAAEAAAACAAAAEQEEAEdJRjg4YQMA/9uBAADIZAAsAwACAAEAAAAGAUlJKgAKAAADycnJycnJycnJycnJycnJycnJyTIAAAAAAAAAAAAsAwACAAEAAAAGAUdJOAAAACwDAAIAAQAAAAYBSUkqAAoAAANJKgAKAAADAAoAAAPJycnJycnJycnJycnJycnJycnJMgAAAAAAAAAAACwDAAIAAQAAAAYBSUkqAAAALAMAAgABAAAABgFJSSoACgAAA0kqAAoAAAMAAQAAAAIAAAARAQQAR0lGODhhAwD/24EAAMhkACwDAAIAAQBJAQAABkkqAAoAAAPJycnJycnJycnJycnJycnJycnJMgAAAAAAAAAAACwDAAIAAQAAAAYBSUkqAAAALAMAAgABAAAABgFJSSoACgAAA8nJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJyafJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJyckAAQAAAAIAAAARAQQAR0lGODhhAwD/24EAAMhkACwDAAIAAQAAAAYBSUkqAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAoAAAPJycnJycnJycnJycnJycnJycnJMgAAAAAAAAAAACwDAAIAAQAAAAYBSUkqAAAALAMAAgABAAAABgFJSSoACgAAA8nJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJ0cnJycnJyafJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycmnycnJycnJycnJycnJycnJycnJycnJycnJycnJADsAAGQxLNuB")
    /// Fuzz/FuzzDecode: an AVIF whose `nclx` colour values libheif 1.15 refuses, handing over the
    /// profile it made all the same (52 bytes, leaked until the decoder freed it on failure too).
    static let avifWithARefusedNCLX = bytes("AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZlJBMUEAAADybWV0YQAAAAAAAAAoaGRscgAAAAAAAAAAcGljdAAAAAAAAAAAAAAAAGxpYmF2aWYAAAAADnBpdG0AAAAAAAEAAAAeaWxvYwAAAABEAAABAAEAAAABAAABGgAAAB4AAAAoaWluZgAAAAAAAQAAABppbmZlAgAAAAABAABhdjAxQ29sb3IAAAAAamlwcnAAAABLaXBjbwAAABRpc3BlAAAAAAAAABAAAAAIAAAAEHBpeGkeAAAAAwgICAAAAAxhdjFDgSAAAAAAABNjb2xybmNseAYNAAEAAIAAAAAXaXBtYQAAAAAAAAABAAEEAQKDBAAAACZtZGF0EgAKCDgMv7CAhoNIMhAWQAYYYYUAVqR4jCe2Z9fr")

    /// Fuzz/FuzzAnimation: an animated GIF one of whose frames lies below the bottom of its
    /// screen, which the compositing walked from its top to the screen's bottom, backwards.
    static let gifWithAFrameBelowTheScreen = bytes("R0lGODlhDAAIAIEAANweHgAAAAAAAAAAACH/C05FVFNDQVBFMi4wAwECAAAsAAAAAAwACAAACBIAAQgcSLCgwYMIEypcyLBhwYAAIfkEAAUAAAAsAgA6AAQABACB3B4eHh7cAAAAAAAACAkAAwgcSLBggIAAIfkEAAwAAAAsAgACAAYABACBHsge3B4eAAAAAAAACBAAAwQAQBCAwIIGBxY8WDAgAFVuc2FmZVJhOw==")

    /// Fuzz/FuzzAnimation: an animated GIF on which giflib fails without setting an error code,
    /// for which its GifErrorString has no words (NULL).
    static let gifFailingWithoutAnErrorCode = bytes("R0lGODlhDAAIAIEAANweHgAAAAAAAAAAACH/C05FVFNDQVBFMi4wAwECAAAsAAAAAAwACAAACBIAAQgcSLCgwYMIEypcyLBhwYAAIfkEAAUAAAAsAgACAAQABACB3B4eHh7cAAAAAAAACAkAAwgcSLBggIAAIfkEAAwAAAAsAgACAAYABACBHsiCBgcWPFgwIAA7")

    private static func bytes(_ base64: String) -> [UInt8] { Array(Data(base64Encoded: base64)!) }
}
