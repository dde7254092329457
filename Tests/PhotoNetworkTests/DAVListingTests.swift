import Foundation
@testable import PhotoNetwork
import Testing

/// A `PROPFIND` answer read as the servers people use write it (docs/sources.md, WebDAV).
struct DAVListingTests {
    let folder = URL(string: "http://nas.local:8080/photos/2019/")!

    /// Apache mod_dav: properties under other prefixes for the same namespace, a property the
    /// folder lacks under its own 404 propstat.
    @Test func apacheAnswerGivesEachMemberWithItsVersionAndNotTheFolderItself() throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:multistatus xmlns:D="DAV:" xmlns:ns0="DAV:">
            <D:response xmlns:lp1="DAV:" xmlns:lp2="http://apache.org/dav/props/" xmlns:g0="DAV:">
            <D:href>/photos/2019/</D:href>
            <D:propstat><D:prop><lp1:resourcetype><D:collection/></lp1:resourcetype>
            <lp1:getetag>"1000-66154a314938d"</lp1:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
            <D:propstat><D:prop><g0:getcontentlength/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
            </D:response>
            <D:response xmlns:lp1="DAV:" xmlns:lp2="http://apache.org/dav/props/">
            <D:href>/photos/2019/beach%20day.jpg</D:href>
            <D:propstat><D:prop><lp1:resourcetype/>
            <lp1:getetag>"95508-66154a31474aa"</lp1:getetag>
            <lp1:getlastmodified>Sat, 28 Nov 2026 11:40:01 GMT</lp1:getlastmodified>
            <lp1:getcontentlength>611592</lp1:getcontentlength>
            <D:getcontenttype>image/jpeg</D:getcontenttype>
            </D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
            </D:response>
            <D:response><D:href>/photos/2019/june/</D:href>
            <D:propstat><D:prop><lp1:resourcetype xmlns:lp1="DAV:"><D:collection/></lp1:resourcetype></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            </D:multistatus>
            """
        let members = try DAVListing.members(of: folder, in: Data(body.utf8))
        #expect(members.map(\.url.absoluteString) == ["http://nas.local:8080/photos/2019/beach%20day.jpg", "http://nas.local:8080/photos/2019/june/"])
        #expect(members.map(\.isFolder) == [false, true])
        #expect(members[0].eTag == "\"95508-66154a31474aa\"")
        #expect(members[0].length == 611_592)
        #expect(members[0].contentType == "image/jpeg")
        #expect(members[0].lastModified == Date(timeIntervalSince1970: 1_795_866_001))
    }

    /// rclone: one line, no prefixes beyond D:, a namespace declared again inside.
    @Test func rcloneAnswerOnOneLine() throws {
        let body = """
            <?xml version="1.0" encoding="UTF-8"?><D:multistatus xmlns:D="DAV:"><D:response><D:href>/photos/2019/</D:href>\
            <D:propstat><D:prop><D:resourcetype><D:collection xmlns:D="DAV:"/></D:resourcetype></D:prop><D:status>HTTP/1.1 200 OK</D:status>\
            </D:propstat></D:response><D:response><D:href>/photos/2019/01-path.jpg</D:href><D:propstat><D:prop><D:resourcetype></D:resourcetype>\
            <D:getetag>"18ec329fd36b8bb79d5a9"</D:getetag><D:getcontentlength>644521</D:getcontentlength></D:prop>\
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>
            """
        let members = try DAVListing.members(of: folder, in: Data(body.utf8))
        #expect(members.map(\.url.lastPathComponent) == ["01-path.jpg"])
        #expect(members[0].isFolder == false)
        #expect(members[0].eTag == "\"18ec329fd36b8bb79d5a9\"")
    }

    /// Nextcloud and others: a default namespace, lower-case prefixes, whole URLs, entities,
    /// CDATA, and an href some servers leave unescaped.
    @Test func hrefsAsWholeURLsEntitiesAndUnescapedNames() throws {
        let body = """
            <?xml version="1.0"?>
            <!-- listed by a server -->
            <multistatus xmlns="DAV:">
              <response><href>http://nas.local:8080/photos/2019/</href>
                <propstat><prop><resourcetype><collection/></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat></response>
              <response><href>http://nas.local:8080/photos/2019/Tom&amp;Jerry.jpg</href>
                <propstat><prop><getetag><![CDATA["abc"]]></getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>
              <response><href>/photos/2019/with space.jpg</href>
                <propstat><prop><getetag>&quot;x&#x41;&#66;&quot;</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>
            </multistatus>
            """
        let members = try DAVListing.members(of: folder, in: Data(body.utf8))
        #expect(members.map(\.url.path) == ["/photos/2019/Tom&Jerry.jpg", "/photos/2019/with space.jpg"])
        #expect(members.map(\.eTag) == ["\"abc\"", "\"xAB\""])
    }

    @Test func aBrokenAnswerIsAnErrorNotAnEmptyFolder() {
        #expect(throws: XMLMalformed.self) { try DAVListing.members(of: folder, in: Data("<D:multistatus><D:response><D:href>/a.jpg".utf8)) }
        #expect(throws: XMLMalformed.self) { try DAVListing.members(of: folder, in: Data("<a>&unknown;</a>".utf8)) }
    }

    @Test func theRequestListsOneLevelAndStaysOnItsHost() {
        let request = DAVListing.request(for: folder)
        #expect(request.method == "PROPFIND")
        #expect(request.headers["Depth"] == "1")
        #expect(request.staysOnHost)
        #expect(String(decoding: request.body ?? Data(), as: UTF8.self).contains("getetag"))
    }
}

/// The netrc file read only to name the user a server refused (curl reads it for the requests).
struct NetrcTests {
    @Test func aMachinesLoginThenTheDefaults() {
        let text = """
            # photos
            machine nas.local login alice password "two words"
            machine Cloud.Example.org
              login bob
              password x
            macdef init
            machine nas.local login mallory

            default login guest password guest
            """
        #expect(Netrc.login(forHost: "nas.local", in: text) == "alice")
        #expect(Netrc.login(forHost: "cloud.example.org", in: text) == "bob")
        #expect(Netrc.login(forHost: "elsewhere", in: text) == "guest")
        #expect(Netrc.login(forHost: "elsewhere", in: "machine nas.local login alice") == nil)
    }

    @Test func theFileIsTheOneGivenElseHomes() {
        #expect(Netrc.path("/etc/photos.netrc", environment: ["HOME": "/home/frame"]) == "/etc/photos.netrc")
        #expect(Netrc.path(nil, environment: ["HOME": "/home/frame"]) == "/home/frame/.netrc")
    }
}
