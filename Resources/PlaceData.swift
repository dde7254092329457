import Foundation

/// The offline place names (`Resources/places/places.bin`, docs/behaviour.md §20).
public enum PlaceData {
    public static var url: URL? { InstalledResource.url(installed: "places.bin", bundled: "places/places.bin") }
}
