"""dice_trip"""
