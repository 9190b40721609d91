import HealthCore

/// A value's name as a file format's messages give it (`systolic`, `heart rate`), said in the
/// reader's language; a name of the file's own (a FHIR element) stays as written.
func fieldTerm(_ name: String) -> Phrase {
    switch name {
    case "systolic": Phrase("systolic")
    case "diastolic": Phrase("diastolic")
    case "pulse": Phrase("pulse")
    case "heart rate": Phrase("heart rate")
    case "weight": Phrase("weight")
    case "body weight": Phrase("body weight")
    default: Phrase(verbatim: name)
    }
}
