extension Core {
    /// Sends `command` to `link`'s store and suspends until its ack is applied, or the session
    /// ends, or it could not be sent.
    @inlinable
    func call<Command, Outcome>(_ command: Command, through link: StoreLink<Command, Outcome>) async -> CommandResolution<Outcome> {
        await withUnsafeContinuation { continuation in
            guard let ticket = takeTicket() else { return continuation.resume(returning: .notConnected) }
            // Registered before it is sent: the ack may be applied before `send` returns.
            guard link.register(ticket.id, continuation, session: ticket.session) else {
                return continuation.resume(returning: .notConnected)
            }
            let message = HostMessage.command(store: link.index, WireCommand(id: ticket.id, command: command)).wireBytes
            if !transmit(message, on: ticket) {
                // Sent in part, perhaps: its fate is unknown, and it is not sent again.
                link.withdraw(ticket.id)?.resume(returning: .disconnected)
            }
            // An in-process core has usually answered by now: apply the answer on this thread,
            // which resumes this call before it even suspends.
            drainHere()
        }
    }

    /// Sends `command` to `link`'s store without waiting for its ack; nil if it was not sent.
    @inlinable
    func send<Command, Outcome>(_ command: Command, through link: StoreLink<Command, Outcome>) -> CommandID? {
        guard let ticket = takeTicket() else { return nil }
        let message = HostMessage.command(store: link.index, WireCommand(id: ticket.id, command: command)).wireBytes
        let sent = transmit(message, on: ticket)
        drainHere()
        return sent ? ticket.id : nil
    }

    /// A command id and the open session; nil if no session is open.
    @usableFromInline
    func takeTicket() -> (id: CommandID, session: UInt64, transport: any TransportSession)? {
        sessions.withLock { ticket in
            guard let session = ticket.session else { return nil }
            defer { ticket.nextCommandID += 1 }
            return (CommandID(rawValue: ticket.nextCommandID), ticket.id, session)
        }
    }

    /// Sends `message` on the ticket's session, marked as a thread that drains afterwards; false
    /// if the session failed (its end is queued for the drain).
    @usableFromInline
    func transmit(_ message: [UInt8], on ticket: (id: CommandID, session: UInt64, transport: any TransportSession)) -> Bool {
        let failure = DrainMark.withMark(for: self) { () -> TransportError? in
            do throws(TransportError) {
                try ticket.transport.send(message)
                return nil
            } catch {
                return error
            }
        }
        guard let failure else { return true }
        enqueue(.ended(session: ticket.session, failure), wake: false)
        return false
    }
}
