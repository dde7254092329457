/// Natural order as it was before its keys (`NaturalOrder`): one comparison of two names,
/// allocating as it goes. The reference the keyed order must equal exactly.
enum ReferenceNaturalOrder {
    static func less(_ a: String, _ b: String) -> Bool {
        var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
        var x = i.next(), y = j.next()
        while let cx = x, let cy = y {
            if isDigit(cx) && isDigit(cy) {
                var nx = "", ny = ""
                while let c = x, isDigit(c) { nx.unicodeScalars.append(c); x = i.next() }
                while let c = y, isDigit(c) { ny.unicodeScalars.append(c); y = j.next() }
                let tx = nx.drop { $0 == "0" }, ty = ny.drop { $0 == "0" }
                if tx.count != ty.count { return tx.count < ty.count }
                if tx != ty { return tx < ty }
                if nx.count != ny.count { return nx.count < ny.count }
                continue
            }
            let lx = String(cx).lowercased(), ly = String(cy).lowercased()
            if lx != ly { return lx < ly }
            x = i.next(); y = j.next()
        }
        if x == nil && y == nil { return a < b }
        return x == nil
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
}
