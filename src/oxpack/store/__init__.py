"""The build cache: content-addressed entries on local disk (`cache`) and a shared store beside it
(`remote`: Redis, S3, a folder)."""
