"""Model connections the organization's helpers call, metering and budgets."""
