#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP, blocked on this thread from ``blocked()`` on, so the threads it
/// starts afterwards (a server's) inherit the mask and only this thread takes them, in ``wait()``.
package struct StopSignals {
    private var signals = sigset_t()

    /// Blocks the stopping signals on this thread; ``release()`` unblocks them.
    package static func blocked() -> StopSignals {
        var stopping = StopSignals()
        sigemptyset(&stopping.signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping.signals, signal) }
        pthread_sigmask(SIG_BLOCK, &stopping.signals, nil)
        return stopping
    }

    /// Waits until one of them arrives (Ctrl-C, or `kill`).
    package func wait() {
        var signals = self.signals
        var signal: Int32 = 0
        sigwait(&signals, &signal)
    }

    /// Unblocks them again.
    package func release() {
        var signals = self.signals
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
