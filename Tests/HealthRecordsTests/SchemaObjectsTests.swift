@testable import HealthRecords
import Testing

/// What a log's code is compared with when it is opened for writing.
@Suite struct SchemaObjectsTests {
    /// Issue 39: opening a log for writing compares its triggers and views with the statements
    /// that make them, not with a log built from every migration (a third of `add`'s time); the
    /// two must agree, or a log HealthLog made would be refused, or a foreign trigger let by.
    @Test func theCodeALogIsComparedWithIsTheCodeTheMigrationsMake() throws {
        let built = try SchemaObjects.expected.get()
        let code = built.objects.filter { $0.type == "trigger" || $0.type == "view" }
        #expect(!code.isEmpty)
        #expect(SchemaObjects.expectedCode.objects == code)
    }
}
