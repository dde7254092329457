import Foundation
@testable import PhotoSources
import Testing
import TestImages

/// Random trees (nested folders, names with spaces, accents, `%`, `#` and odd case, hidden files
/// and folders, other files, links to files and folders, dangling links, a pipe named like a
/// photo, empty folders), the folder spelled in several ways: the walk lists what the listing
/// before it listed, photos, stamps, order and folders.
@Suite struct FolderWalkPropertyTests {
    static let stems = ["IMG_0001", "img2", "IMG10", "a b", "été", "e\u{301}t\u{e9}", "100%", "#1", "x?y", "Ünïcode", "写真", "📷", "DSC-9"]
    static let extensions = ["jpg", "JPG", "jpeg", "png", "heic", "HEIF", "webp", "txt", "mov", "", "xmp"]

    func randomTree(_ folder: TempFolder, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var dirs = [""]
        let fm = FileManager.default
        for k in 0..<Int.random(in: 5...40, using: &rng) {
            let dir = dirs.randomElement(using: &rng)!
            let stem = Self.stems.randomElement(using: &rng)! + "\(k)"
            let relative = dir + (Bool.random(using: &rng) && Int.random(in: 0...5, using: &rng) == 0 ? "." : "") + stem
            switch Int.random(in: 0...9, using: &rng) {
            case 0, 1:
                try fm.createDirectory(atPath: folder.path(relative), withIntermediateDirectories: true)
                dirs.append(relative + "/")
            case 2:
                try fm.createSymbolicLink(atPath: folder.path(relative + ".jpg"), withDestinationPath: folder.path(dirs.randomElement(using: &rng)!))
            case 3:
                try fm.createSymbolicLink(atPath: folder.path(relative + ".png"), withDestinationPath: folder.path("nowhere/\(k).png"))
            case 4:
                try fm.createSymbolicLink(atPath: folder.path(relative), withDestinationPath: folder.path(dirs.randomElement(using: &rng)!))
            case 5:
                mkfifo(folder.path(relative + ".jpg"), 0o644)
            default:
                let ext = Self.extensions.randomElement(using: &rng)!
                try folder.write(relative + (ext.isEmpty ? "" : "." + ext), String(repeating: "x", count: k))
            }
        }
    }

    @Test func theWalkListsWhatTheListingBeforeItListed() throws {
        for seed in UInt64(1)...40 {
            let folder = try TempFolder()
            try randomTree(folder, seed: seed)
            let spellings = [folder.path, folder.path + "/", folder.path + "//", folder.path + "/.", folder.path + "/../" + folder.url.lastPathComponent, relative(folder.path)]
            for path in spellings {
                for recursive in [false, true] {
                    for order in FolderOrder.allCases {
                        let listing = FolderSource(path: path, recursive: recursive, order: order).list()
                        let before = ReferenceFolderListing.list(path, recursive: recursive, order: order)
                        #expect(listing.items == before.items, "\(path) -r \(recursive) \(order)")
                        #expect(listing.folders == before.folders, "\(path) -r \(recursive)")
                    }
                }
            }
        }
    }

    /// Where a file system does not give entry types, the walk asks `lstat` and lists the same.
    @Test func withoutEntryTypesTheWalkListsTheSame() throws {
        for seed in UInt64(41)...60 {
            let folder = try TempFolder()
            try randomTree(folder, seed: seed)
            for recursive in [false, true] {
                let walk = FolderWalk(path: folder.path, recursive: recursive)
                let asked = FolderWalk(path: folder.path, recursive: recursive, usesEntryTypes: false)
                #expect(walk?.photos == asked?.photos && walk?.folders == asked?.folders, "seed \(seed) -r \(recursive)")
            }
        }
    }

    /// `path` relative to the working directory, without changing it (tests run side by side).
    func relative(_ path: String) -> String {
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        return String(repeating: "../", count: depth) + path.dropFirst()
    }
}
