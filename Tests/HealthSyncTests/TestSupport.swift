// Every file of this target sees the shared test harness (CLIHarness, runProcess, SyncthingPeer…).
@_exported import HealthLogTestSupport
