"""The Lamp Shop: a merchant's smallest integration of the financing service's SDK."""
