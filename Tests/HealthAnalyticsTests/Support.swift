import Foundation
import HealthCore
@_exported import HealthLogTestSupport

func reading(
    _ date: String, _ hour: Int, _ minute: Int, _ systolic: Int? = nil, _ diastolic: Int? = nil, pulse: Int? = nil,
    weight: Int? = nil, tags: [String] = [], id: String? = nil
) -> Reading {
    Reading(
        id: id ?? Reading.newID(), profileID: "dad",
        takenAt: ZonedInstant(date: CivilDate(iso: date)!, hour: hour, minute: minute, offsetMinutes: 480),
        bloodPressure: systolic.map { BloodPressure(systolic: $0, diastolic: diastolic!) }, pulse: pulse,
        weightGrams: weight, tagIDs: tags)
}

let dad = Profile(id: "dad", name: "爸爸")

func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

/// Equal to within rounding of hand-worked figures.
func close(_ value: Double?, _ expected: Double, within tolerance: Double = 0.0005) -> Bool {
    guard let value else { return false }
    return abs(value - expected) < tolerance
}

/// The repository's string tables.
let templatesFolder = TemplatesFolder(directory: templatesPath)
let english = try! StringTable.load(.english, from: templatesFolder)
let chinese = try! StringTable.load(.chinese, from: templatesFolder)
