import HealthSync
import Testing

/// What `sync setup --address` takes: Syncthing's own address forms, and nothing else.
@Suite struct SyncthingAddressTests {
    @Test(arguments: ["tcp://192.168.1.20:22000", "quic://nas.home:22000", "tcp6://[fe80::1]:22000", "tcp4://10.0.0.2:1"])
    func takesSyncthingsForms(_ text: String) {
        #expect(SyncthingAddress.isValid(text))
    }

    @Test(arguments: ["192.168.1.20:22000", "http://nas:22000", "tcp://:22000", "tcp://nas", "tcp://nas:0", "tcp://nas:65536", "tcp://na s:22000", "tcp://nas;rm:22000"])
    func refusesTheRest(_ text: String) {
        #expect(!SyncthingAddress.isValid(text))
    }
}
