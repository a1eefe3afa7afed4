import IsletCore
