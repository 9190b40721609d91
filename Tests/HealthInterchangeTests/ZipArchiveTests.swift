import Foundation
import HealthCore
import HealthRecords
@testable import HealthInterchange
import Testing

/// Zip files read through libarchive: a damaged, cut-off or encrypted entry is one line naming
/// it, and nothing of the file is read as data.
@Suite struct ZipArchiveTests {
    /// An Apple Health export whose one blood-pressure reading is 131/84 (the systolic record
    /// is repeated at the top level, as the Health app writes it).
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2023-08-01 10:00:00 -0400"/>
         <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400" value="131"/>
         <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400" value="84"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400" value="131"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400" value="84"/>
         </Correlation>
        </HealthData>

        """

    /// `export` in `apple_health_export/export.xml` of a zip written by Python's zipfile with
    /// `compression` (`ZIP_STORED` or `ZIP_DEFLATED`), its bytes changed by `damage`.
    static func exportZip(
        in directory: TemporaryDirectory, named name: String = "export.zip", compression: String, damage: (inout [UInt8]) -> Void = { _ in }
    ) throws -> String {
        let xml = directory.write("export.xml", export)
        let path = directory.file(name)
        try runPython(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w', zipfile.\(compression)) as z:
                z.write(sys.argv[2], 'apple_health_export/export.xml')
            """, path, xml)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        damage(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The issue's file: one byte of a stored entry changed, `131` become `181`, which the
    /// hand-written reader imported with exit 0. libarchive's CRC-32 check refuses it by name.
    @Test func aByteChangedInAStoredEntryIsRefusedNamingTheEntry() throws {
        let directory = TemporaryDirectory()
        let zip = try Self.exportZip(in: directory, compression: "ZIP_STORED") { bytes in
            let needle = Array(#"value="131""#.utf8)
            let at = (0...(bytes.count - needle.count)).last { Array(bytes[$0..<$0 + needle.count]) == needle }!
            bytes[at + 8] = UInt8(ascii: "8")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: zip)).range(of: Data(#"value="181""#.utf8)) != nil)
        let database = directory.file("log.sqlite")
        do {
            try importFile(zip, into: database, profile: .named("dad"))
            Issue.record("a damaged zip was imported")
        } catch {
            #expect(error.description.hasPrefix("\(zip): the entry apple_health_export/export.xml is damaged (ZIP bad CRC"), "\(error)")
            #expect(error.description.hasSuffix("the zip file is damaged; copy or download it again"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(!FileManager.default.fileExists(atPath: database), "nothing is written, not even an empty log")
        // The same file undamaged imports its one reading, 131/84.
        let good = try Self.exportZip(in: directory, named: "good.zip", compression: "ZIP_STORED")
        #expect(try read(good).readings.map(\.bloodPressure?.description) == ["131/84"])
    }

    @Test func aByteChangedInADeflatedEntryIsRefusedNamingTheEntry() throws {
        let directory = TemporaryDirectory()
        let zip = try Self.exportZip(in: directory, compression: "ZIP_DEFLATED") { bytes in
            // Inside the entry's compressed data: past the 30-byte local header and its name.
            bytes[30 + "apple_health_export/export.xml".utf8.count + 40] ^= 0x10
        }
        #expect(throws: InterchangeError.self) { try read(zip) }
        do {
            _ = try read(zip)
        } catch {
            #expect("\(error)".hasPrefix("\(zip): the entry apple_health_export/export.xml is damaged ("), "\(error)")
        }
    }

    /// The traditional PKWARE encryption flag (bit 0 of the general purpose flags), as `zip -e` sets it.
    @Test func anEncryptedEntryIsRefusedByName() throws {
        let directory = TemporaryDirectory()
        let zip = try Self.exportZip(in: directory, compression: "ZIP_STORED") { bytes in
            for (signature, flags) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 6), ([0x50, 0x4B, 0x01, 0x02], 8)] {
                for at in 0...(bytes.count - 4) where Array(bytes[at..<at + 4]) == signature { bytes[at + flags] |= 1 }
            }
        }
        #expect(
            throws: InterchangeError.malformed(
                path: zip, reason: "the entry apple_health_export/export.xml is encrypted (the zip has a password); export it again without one")
        ) { try read(zip) }
    }

    @Test func aZipCutShortIsRefusedBeforeAnythingIsRead() throws {
        let directory = TemporaryDirectory()
        let whole = try Self.exportZip(in: directory, compression: "ZIP_DEFLATED")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        for cut in [1, 30, bytes.count / 2, bytes.count - 100] {
            let path = directory.write("cut-\(cut).zip", Array(bytes.prefix(bytes.count - cut)))
            #expect(
                throws: InterchangeError.malformed(
                    path: path, reason: "the zip file is incomplete (its end record is missing: cut short?); copy or download it again")
            ) { try read(path, as: .appleHealth) }
        }
    }

    @Test func aZipOfNeitherAnExportNorASpreadsheetIsNamedAsSuch() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("photos.zip")
        try runPython("import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w') as z: z.writestr('IMG_0001.txt', 'x')", path)
        #expect(throws: InterchangeError.malformed(path: path, reason: "the zip holds no export.xml (Apple Health) and no spreadsheet")) {
            try InterchangeFormat.detect(path: path)
        }
    }
}

/// Runs `script` with python3 and `arguments`; a failure fails the test.
func runPython(_ script: String, _ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 failed")
}
