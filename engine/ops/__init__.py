"""State writes used by effects and the procedure: wounds and death, zones, costs, tokens, durations, acquired
abilities, reveal, trigger points (pending triggers) and the named passive triggers."""
