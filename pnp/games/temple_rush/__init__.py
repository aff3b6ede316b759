"""temple_rush"""
