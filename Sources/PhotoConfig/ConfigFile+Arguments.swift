extension ConfigFile {
    /// The entries as command-line arguments, to be placed BEFORE the user's own arguments so that
    /// the user's win (e.g. ["--texture-budget", "256", "--kiosk"]; a flag set to false yields nothing).
    /// `given`: long option names (without `--`) present on the real command line; those keys are
    /// dropped (options win), which also keeps repeatable options from adding up.
    ///
    /// A value that begins with "-" is joined to its option (`--position=-10,20`) so that it
    /// cannot be read as an option itself; a `flagOrNumber` number is always joined
    /// (`--slideshow=5`), and so is a `flagOrString` text (`--clock=%H:%M`), since their values
    /// are optional on the command line.
    public func arguments(excluding given: Set<String>) -> [String] {
        entries.filter { !given.contains($0.key) }.flatMap(\.arguments)
    }
}

extension ConfigFile.Entry {
    var arguments: [String] {
        let option = "--" + key
        switch value {
        case .boolean(let on): return on ? [option] : []
        case .integer, .float:
            let number = Self.numberText(value)
            if case .flagOrNumber = kind { return [option + "=" + number] }
            return Self.separate(option, number)
        case .string(let text):
            // Its value is optional on the command line: apart, it could be read as a source.
            if case .flagOrString = kind { return [option + "=" + text] }
            return Self.separate(option, text)
        }
    }

    /// `String(describing:)`, so an integer stays "5" and a float reads "2.5".
    private static func numberText(_ value: ConfigValue) -> String {
        switch value {
        case .integer(let number): String(describing: number)
        case .float(let number): String(describing: number)
        case .boolean, .string: preconditionFailure("not a number: \(value)")
        }
    }

    private static func separate(_ option: String, _ value: String) -> [String] {
        value.hasPrefix("-") ? [option + "=" + value] : [option, value]
    }
}
