"""temple"""
