import ContractModel
import WidgetSnapshot

/// Handoffs the app does not finish, and taps during a lease (CONTRACT.md §10.3). Without
/// leases a drain interrupted after the handoff loses the taps it took: `interrupted` asks every
/// writer; the acknowledgement cases need leases.
enum LeaseFamily {
    static let family = QueueFamily(name: "lease", summary: "acknowledgements remove only unchanged leased targets; interrupted drains") {
        [
            .scripted("lease.ack-only-unchanged", "acknowledgement removes only unchanged leased targets",
                      tasks: [QueueTask("a"), QueueTask("b", isDone: true, doneOn: QueueScript.start - 1000), QueueTask("c")], needs: ["leases"]) { s in
                s.tap("a", true)
                s.tap("b", false)
                s.take()  // the app holds the lease while the taps below come in
                s.tap("a", false)
                s.tap("c", true)
                s.finish()
                s.peekThenDrain()
            },
            .scripted("lease.ack-matching", "acknowledgement removes targets that still match the lease",
                      tasks: openTasks(["a"]), needs: ["leases"]) { s in
                s.tap("a", true)
                s.drain()
                s.peekThenDrain()
            },
            .scripted("lease.aba", "an A-B-A sequence during a lease, with the same final target, survives the acknowledgement",
                      tasks: openTasks(["a"]), needs: ["leases"]) { s in
                s.tap("a", true)
                s.take()
                s.tap("a", false)
                s.tap("a", true)
                s.finish()
                s.peekThenDrain()
            },
            .scripted("lease.interrupted#before-apply", "a drain killed before applying loses no tap", tasks: openTasks(["a", "b"])) { s in
                s.tap("a", true)
                s.tap("b", true)
                s.drain(.beforeApply)
                s.peekThenDrain()
            },
            .scripted("lease.interrupted#after-apply", "a drain killed after applying, before acknowledging, applies nothing twice",
                      tasks: openTasks(["a"])) { s in
                s.tap("a", true)
                s.drain(.afterApply)
                s.peekThenDrain()
            },
        ]
    }
}
