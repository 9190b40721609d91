// Every file of this target sees the shared test harness (CLIHarness, runProcess, TemporaryDirectory…).
@_exported import HealthLogTestSupport
