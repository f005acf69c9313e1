"""The bot lab: self-play matches, baselines, the league and what the bots measure."""
