"""The procedure: the queue and priority state machine (flow), declarations and legal actions, execution, the
simple strike, fixed windows, triggers' declaration, the turn, the preliminary phase and victory."""
