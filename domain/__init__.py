"""The shared kernel: settings, database, models, pure business rules, enumerations, messages."""
