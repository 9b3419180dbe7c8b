-- Order numbers people read (LD-100001 …) start at six digits, like an established shop's.
ALTER SEQUENCE "orders_order_no_seq" RESTART WITH 100001;
