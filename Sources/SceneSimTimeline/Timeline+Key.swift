import SceneSimCore

extension Timeline {
    /// How a timeline tells its values apart, one to one: a letter (text) and a colour (SVG) for
    /// every phase and every state it shows. Phases and the built-in model's five states keep
    /// fixed ones; a declared model's states, in the order they first appear, each take the first
    /// letter of their name not taken yet (lower case first, and never a built-in state's letter),
    /// then the name's other letters, then any free one; and the next free colour of the palette.
    /// `starting` and `signed_in` read `s` and `i`, never both `s`.
    package struct Key: Sendable {
        /// The states the legends list, in order.
        package let states: [String]
        private let letters: [String: Character]
        private let colours: [String: String]

        init(states: [String]) {
            self.states = states
            var letters: [String: Character] = [:]
            var colours: [String: String] = [:]
            var takenLetters = Set(Self.builtinLetters.values)
            var takenColours = Set(Self.fixedColours)
            var next = 0
            for name in states {
                if let letter = Self.builtinLetters[name], let colour = Self.builtinColours[name] {
                    letters[name] = letter
                    colours[name] = colour
                    continue
                }
                let letter = Self.letterCandidates(for: name).first { !takenLetters.contains($0) } ?? "?"
                takenLetters.insert(letter)
                letters[name] = letter
                var colour = Self.paletteColour(next)
                while takenColours.contains(colour) {
                    next += 1
                    colour = Self.paletteColour(next)
                }
                next += 1
                takenColours.insert(colour)
                colours[name] = colour
            }
            self.letters = letters
            self.colours = colours
        }

        /// The value's letter in the text timeline.
        package func letter(_ value: Value) -> Character {
            switch value {
            case .phase(.active): "A"
            case .phase(.inactive): "i"
            case .phase(.background): "b"
            case .state(let state): letters[state.name] ?? Self.builtinLetters[state.name] ?? "?"
            }
        }

        /// The value's fill colour in the SVG picture.
        package func colour(_ value: Value) -> String {
            switch value {
            case .phase(let phase): Self.phaseColours[phase.rawValue] ?? "#000000"
            case .state(let state): colours[state.name] ?? Self.builtinColours[state.name] ?? "#000000"
            }
        }

        static let builtinLetters: [String: Character] = [
            "loading": "L", "unauthenticated": "U", "onboarding": "O", "authenticated": "A", "error": "E",
        ]
        static let builtinColours: [String: String] = [
            "loading": "#adb5bd", "unauthenticated": "#e8590c", "onboarding": "#9c36b5", "authenticated": "#1971c2", "error": "#c92a2a",
        ]
        static let phaseColours: [String: String] = ["active": "#2f9e44", "inactive": "#f2b705", "background": "#6c8ebf"]
        /// Grey where no process runs.
        static let notRunning = "#ececec"
        /// Colours no declared state may take: the phases', the built-in states', the gap's and
        /// the markers' (a band must never read as a marker either).
        static var fixedColours: [String] {
            Array(phaseColours.values) + Array(builtinColours.values) + [notRunning] + MarkerKind.all.map(\.colour)
        }

        /// Colours for a declared model's states (dark enough for white text), then as many more
        /// as a model needs, generated the same way on every run.
        static let palette = ["#5f3dc4", "#0b7285", "#862e9c", "#364fc7", "#a61e4d", "#2b8a3e", "#d9480f", "#8f5902"]

        static func paletteColour(_ index: Int) -> String {
            if index < palette.count { return palette[index] }
            // Hues a golden angle apart, dark: distinct from each other for hundreds of states.
            let hue = Double((index - palette.count) * 137 % 360)
            return hex(hue: hue, saturation: 0.65, lightness: 0.32 + Double((index - palette.count) / 360 % 4) * 0.03)
        }

        static func hex(hue: Double, saturation: Double, lightness: Double) -> String {
            let c = (1 - abs(2 * lightness - 1)) * saturation
            let h = hue / 60
            let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
            let (r, g, b): (Double, Double, Double) =
                switch Int(h) {
                case 0: (c, x, 0)
                case 1: (x, c, 0)
                case 2: (0, c, x)
                case 3: (0, x, c)
                case 4: (x, 0, c)
                default: (c, 0, x)
                }
            let m = lightness - c / 2
            let digits = Array("0123456789abcdef")
            func byte(_ v: Double) -> String {
                let n = max(0, min(255, Int(((v + m) * 255).rounded())))
                return String([digits[n / 16], digits[n % 16]])
            }
            return "#" + byte(r) + byte(g) + byte(b)
        }

        /// The letters a declared state may read as, best first: its name's letters and digits
        /// (lower case, then upper case), then the rest of the alphabet, digits, and symbols that
        /// mean nothing else in the text timeline (never ' ' or '.'), then `moreLetters`.
        static func letterCandidates(for name: String) -> [Character] {
            let own = name.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
            var seen = Set<Character>()
            return (Array(own) + Array(own.uppercased()) + asciiLetters + moreLetters).filter { seen.insert($0).inserted }
        }

        /// (Never `?`: it is what a state reads when every letter is taken.)
        static let asciiLetters = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&*+-/:;<=>@^_~")

        /// Letters for a model with more states than ASCII has room for (about 80): Latin with
        /// accents, Greek, Cyrillic and Latin Extended Additional, each one column wide in a
        /// terminal (so a lane stays one column per step), in that order: about 750 more.
        /// Past those, a state reads `?` (and keeps its own colour in the picture).
        static let moreLetters: [Character] = {
            let ranges: [ClosedRange<UInt32>] = [
                0x00C0...0x00FF, 0x0100...0x017F, 0x0180...0x024F, 0x0391...0x03A9, 0x03B1...0x03C9,
                0x0410...0x044F, 0x1E00...0x1EFF,
            ]
            return ranges.flatMap { $0 }.compactMap { Unicode.Scalar($0) }
                .filter { $0.properties.isAlphabetic && $0.properties.generalCategory != .otherLetter }
                .map(Character.init)
        }()
    }

    /// The key of this timeline: the states it shows (the built-in model's five when it shows
    /// only those, else a declared model's as they first appear) and their letters and colours.
    package var key: Key {
        let builtin = ["loading", "unauthenticated", "onboarding", "authenticated", "error"]
        var shown: [String] = []
        var seen = Set<String>()
        for interval in intervals {
            if case .state(let state) = interval.value, seen.insert(state.name).inserted { shown.append(state.name) }
        }
        return Key(states: shown.allSatisfy(builtin.contains) ? builtin : shown)
    }
}
