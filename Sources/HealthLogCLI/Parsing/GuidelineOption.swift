import HealthCommandLine
import HealthPresentation

extension Options {
    /// `--guideline`: the clinical guideline a summary follows (HealthPresentation names them).
    static let guideline = Option<GuidelineChoice>(
        "--guideline", value: "NAME", help: "esh, aha, china or esc (default: china with a Chinese $LANG, else esh).",
        expected: "known; use \(choiceList(GuidelineChoice.allCases.map(\.rawValue)))"
    ) { GuidelineChoice(rawValue: $0) }.completing(.words(GuidelineChoice.allCases.map(\.rawValue)))
}
