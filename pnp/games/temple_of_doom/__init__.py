"""temple_of_doom"""
