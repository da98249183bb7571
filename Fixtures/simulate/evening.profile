# Arrivals of an evening app, by local hour: nothing before noon, most from 18:00 to 23:00.
0 # 00
0
0
0
0
0
0
0
0
0
0
0
1 # 12
1
1
1
2
3
6 # 18
8
9
9
7
3 # 23
