"""temple_trip"""
